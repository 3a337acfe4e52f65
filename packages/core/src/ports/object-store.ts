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
}

/** `cacheControl` is kept with the object where the store serves it (S3 behind CloudFront). */
export type PutOptions = { cacheControl?: string };

export type PresignGetOptions = { expiresInSeconds: number; fileName: string };

export type StoredObject = { body: Uint8Array; contentType: string; etag: string };
