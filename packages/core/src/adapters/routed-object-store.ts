import type { ObjectStore } from "../ports/object-store";

/**
 * One object store made of several by key prefix: in the cloud, published menus (`m/…`) live in the
 * menus bucket (CloudFront's /m/* origin), export files (`exports/…`) in the exports bucket and
 * everything else in the uploads bucket; locally one folder holds them all, so the keys are the
 * same everywhere.
 */
export function routedObjectStore(routes: [prefix: string, store: ObjectStore][], fallback: ObjectStore): ObjectStore {
  const pick = (key: string) => routes.find(([prefix]) => key.startsWith(prefix))?.[1] ?? fallback;
  return {
    put: (key, body, contentType, options) => pick(key).put(key, body, contentType, options),
    get: (key) => pick(key).get(key),
    delete: (key) => pick(key).delete(key),
    presignGet: (key, options) => pick(key).presignGet(key, options),
    presignPut: (key, options) => pick(key).presignPut(key, options),
  };
}
