import { resumeMenuExports } from "./export/jobs";
import { republishForWebBuild } from "./publish/after-deploy";
import { runDuePublishes } from "./publish/job";
import { indexStoresWithoutIndex } from "./search/indexing";
import { migrateStores } from "./store/recount";
import { reportReservedNames } from "./store/reserved-names-check";
import { runLifecycle } from "./billing/lifecycle";
import { resumeTranslations } from "./translation/jobs";

/** Scheduled jobs (EventBridge in the cloud, a timer locally), run in order on every tick. */
export const SCHEDULED_JOBS: { name: string; run: (now: Date) => Promise<unknown> }[] = [
  // Once per table (a marker row, one GetItem after that): the cloud's first tick after a deploy.
  { name: "data migrations", run: migrateStores },
  { name: "search index of stores without one", run: indexStoresWithoutIndex },
  { name: "URL names taken before they were reserved", run: reportReservedNames },
  { name: "subscription lifecycle", run: runLifecycle },
  { name: "republish stale menus", run: runDuePublishes },
  // Once per web build (a marker row): the stores' pages of the former build name scripts that are gone.
  { name: "republish after a new web build", run: republishForWebBuild },
  { name: "resume lost translation jobs", run: (now) => resumeTranslations(now) },
  { name: "resume lost export jobs", run: (now) => resumeMenuExports(now) },
];

export async function runSchedules(now: Date) {
  for (const job of SCHEDULED_JOBS) await job.run(now);
}
