/** Where uploads, published menus and exports live: S3 in the cloud, a folder locally. */
export interface ObjectStore {
  put(key: string, body: Uint8Array | string, contentType: string, options?: PutOptions): Promise<void>;
  get(key: string): Promise<StoredObject | undefined>;
  delete(key: string): Promise<void>;
  /**
   * A URL that lets whoever holds it download the object until it expires, saved as `fileName`:
   * S3's presigned GET in the cloud, a signed link to the local runtime locally. Hand it out only
   * after checking who asks: the URL itself is the permission.
   */
  presignGet(key: string, options: PresignGetOptions): Promise<string>;
  /**
   * Where a browser PUTs the object's bytes itself, until it expires: exactly `size` bytes of
   * `contentType` (S3 refuses another length or type). The server reads and judges the object
   * afterwards; nothing else trusts it.
   */
  presignPut(key: string, options: PresignPutOptions): Promise<PresignedPut>;
}

/** `cacheControl` is kept with the object where the store serves it (S3 behind CloudFront). */
export type PutOptions = { cacheControl?: string };

export type PresignGetOptions = { expiresInSeconds: number; fileName: string };
export type PresignPutOptions = { expiresInSeconds: number; contentType: string; size: number };
/** The request the browser makes: `PUT url` with these headers and the file as the body. */
export type PresignedPut = { url: string; headers: Record<string, string> };

export type StoredObject = { body: Uint8Array; contentType: string; etag: string };
