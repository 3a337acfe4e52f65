import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import type { ObjectStore } from "../ports/object-store";
import { signLocalLink } from "./local-links";

/**
 * The object store in a local folder. The content type sits beside each object in a `.meta` file;
 * writes go to a temporary file first so a reader never sees half an object. Presigned URLs are
 * signed links to the local runtime (local-links.ts).
 */
export function fsObjectStore(root: string): ObjectStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!path.startsWith(base + sep) || key.includes("\0")) throw new Error(`Invalid object key: ${key}`);
    return path;
  };
  /** Keys that cannot name a stored object (outside the folder, a folder, too long): nothing is there. */
  const ABSENT = new Set(["ENOENT", "EISDIR", "ENOTDIR", "ENAMETOOLONG", "EINVAL"]);
  return {
    async put(key, body, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Unique per write: two writes of one key at once must not share a temporary file.
      // The `.meta` is replaced the same way, so a process killed mid-write leaves no half file behind.
      const tmp = `${path}.${process.pid}.${randomUUID()}.tmp`;
      await writeFile(tmp, body);
      await writeFile(`${tmp}.meta`, JSON.stringify({ contentType }));
      await rename(`${tmp}.meta`, `${path}.meta`);
      await rename(tmp, path);
    },
    async get(key) {
      let path: string;
      try {
        path = pathOf(key);
      } catch {
        return undefined;
      }
      try {
        const [body, meta] = await Promise.all([readFile(path), readFile(`${path}.meta`, "utf8")]);
        const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
        return { body, contentType: (JSON.parse(meta) as { contentType: string }).contentType, etag };
      } catch (error) {
        if (ABSENT.has((error as NodeJS.ErrnoException).code ?? "")) return undefined;
        throw error;
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await Promise.all([rm(path, { force: true }), rm(`${path}.meta`, { force: true })]);
    },
    // Served by the local runtime's /files/* route (packages/local/src/server.ts).
    presignGet: async (key, { expiresInSeconds, fileName }) => signLocalLink("GET", key, expiresInSeconds, { name: fileName }),
    presignPut: async (key, { expiresInSeconds, contentType, size }) => ({
      url: signLocalLink("PUT", key, expiresInSeconds, { type: contentType, size: String(size) }),
      headers: { "content-type": contentType },
    }),
  };
}

export const objectsDir = (dataDir: string) => join(dataDir, "objects");
