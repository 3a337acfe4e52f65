import { Db } from "../db/service";
import { onceForEveryStore } from "../store/every-store";
import { requestPublish } from "./request";

/**
 * A deploy that changes the web build leaves every store's pages naming the former build's scripts:
 * the edge (stacks/edge/guest-pages.js) and the local runtime then serve the SPA instead, until the
 * store is published again. So the schedule asks, once per web build, for a publish of every store
 * that has been published (a `migration` marker row per build id; one GetItem per tick after that).
 *
 * The build id is the SPA's (`builds/latest.json`), read where it is served from: the deploy uploads it
 * after the build's assets, so by the time a tick sees a new id the pages it republishes can load them
 * (the publish Lambda with the new renderer was deployed before, with the Workers stack). Every web
 * change republishes, not only the guest pages' build: a few runs per store, and unchanged content
 * keeps its files and ETags.
 */
let source: () => Promise<string | undefined> = async () => undefined;

/** Where the current web build id comes from (the SPA bucket in the cloud, web/dist locally). */
export function setWebBuildSource(read: () => Promise<string | undefined>) {
  source = read;
}

const marker = (build: string) => `republish-web-build-${build}`;

/** The scheduled job: answers how many stores it asked to republish (0 once done for this build). */
export async function republishForWebBuild() {
  const build = await source();
  if (!build) return 0;
  return onceForEveryStore(marker(build), async (keys) => {
    const { data } = await Db().entities.publication.get(keys).go();
    if (!data?.published_at) return false;
    await requestPublish(keys);
    return true;
  });
}

/** Records that every store is published with the current build (a data folder just seeded with it). */
export async function webBuildPublished() {
  const build = await source();
  if (build) await Db().entities.migration.put({ name: marker(build) }).go();
}

/** Where the SPA build writes its id, relative to web/dist and to the SPA bucket's root. */
export const WEB_BUILD_FILE = "builds/latest.json";

/** The id in a `builds/latest.json` (`{"id":"…"}`), or undefined when it is missing or unreadable. */
export function webBuildId(json: string | undefined) {
  if (!json) return undefined;
  try {
    const id = (JSON.parse(json) as { id?: unknown }).id;
    return typeof id === "string" && id ? id : undefined;
  } catch {
    return undefined;
  }
}
