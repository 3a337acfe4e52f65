/** Where uploads, published menus and exports live: S3 in the cloud, a folder locally. */
export interface ObjectStore {
  put(key: string, body: Uint8Array | string, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | undefined>;
  delete(key: string): Promise<void>;
}

export type StoredObject = { body: Uint8Array; contentType: string; etag: string };
