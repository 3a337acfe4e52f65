import { createHash } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import type { ObjectStore } from "../ports/object-store";

/**
 * The object store in a local folder. The content type sits beside each object in a `.meta` file;
 * writes go to a temporary file first so a reader never sees half an object.
 */
export function fsObjectStore(root: string): ObjectStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`Invalid object key: ${key}`);
    return path;
  };
  return {
    async put(key, body, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}.tmp`;
      await writeFile(tmp, body);
      await writeFile(`${path}.meta`, JSON.stringify({ contentType }));
      await rename(tmp, path);
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const [body, meta] = await Promise.all([readFile(path), readFile(`${path}.meta`, "utf8")]);
        const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
        return { body, contentType: (JSON.parse(meta) as { contentType: string }).contentType, etag };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await Promise.all([rm(path, { force: true }), rm(`${path}.meta`, { force: true })]);
    },
  };
}

export const objectsDir = (dataDir: string) => join(dataDir, "objects");
