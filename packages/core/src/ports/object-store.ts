/** Where uploads, published menus and exports live: S3 in the cloud, a folder locally. */
export interface ObjectStore {
  put(key: string, body: Uint8Array | string, contentType: string, options?: PutOptions): Promise<void>;
  get(key: string): Promise<StoredObject | undefined>;
  delete(key: string): Promise<void>;
}

/** `cacheControl` is kept with the object where the store serves it (S3 behind CloudFront). */
export type PutOptions = { cacheControl?: string };

export type StoredObject = { body: Uint8Array; contentType: string; etag: string };
