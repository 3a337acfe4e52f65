import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { EDGE_BUILD_KEY, edgeRouteKey, encodeEdgeRoute, type GuestEdge } from "../publish/guest-edge";

/**
 * The edge's data in a local folder, laid out as the cloud holds it: `kvs/{key}` holds what the
 * KeyValueStore would (one file per key, the value as written), `not-found/{lang}.html` the pages the
 * menus bucket would. The local runtime answers guests itself (packages/local/src/published.ts); the
 * folder lets a test run the edge code on the data the publish job wrote (e2e/edge-guest-pages.test.ts).
 */
export function fsGuestEdge(root: string): GuestEdge {
  const kvsFile = (key: string) => join(root, "kvs", encodeURIComponent(key));
  const write = async (path: string, body: string) => {
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${randomUUID()}.tmp`;
    await writeFile(tmp, body);
    await rename(tmp, path);
  };
  return {
    putRoute: (company, store, route) => write(kvsFile(edgeRouteKey(company, store)), encodeEdgeRoute(route)),
    async build() {
      try {
        return JSON.parse(await readFile(kvsFile(EDGE_BUILD_KEY), "utf8")) as string;
      } catch {
        return undefined;
      }
    },
    async putBuild(build, pages) {
      for (const [lang, html] of Object.entries(pages)) await write(join(root, "not-found", `${lang}.html`), html);
      await write(kvsFile(EDGE_BUILD_KEY), JSON.stringify(build));
    },
  };
}

export const edgeDir = (dataDir: string) => join(dataDir, "edge");
