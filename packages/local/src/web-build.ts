import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { WEB_BUILD_FILE, webBuildId } from "@menu/core/publish/after-deploy";

/** The local runtime's web build id: web/dist's builds/latest.json, read on every tick (a rebuild changes it). */
export const localWebBuild = (webDist: string) => async () => webBuildId(await readFile(join(webDist, WEB_BUILD_FILE), "utf8").catch(() => undefined));
