import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { getRequestListener } from "@hono/node-server";
import { readScriptHashes } from "@menu/api/security-headers";
import { clock, configureDb, ensureTable, setPorts } from "@menu/core";
import { edgeDir, fsGuestEdge } from "@menu/core/adapters/fs-guest-edge";
import { fsObjectStore, objectsDir } from "@menu/core/adapters/fs-object-store";
import { memoryQueue } from "@menu/core/adapters/memory-queue";
import { outboxMailer } from "@menu/core/adapters/outbox-mailer";
import { translatorFromEnv } from "@menu/core/adapters/translator";
import { companyIdByUrlKey } from "@menu/core/company/company";
import { resumeMenuExports } from "@menu/core/export/jobs";
import { JOB_HANDLERS } from "@menu/core/jobs";
import { runSchedules } from "@menu/core/schedules";
import { setWebBuildSource, webBuildPublished } from "@menu/core/publish/after-deploy";
import { setGuestEdge } from "@menu/core/publish/guest-edge";
import { loadMenuRenderer } from "@menu/core/adapters/ssr-menu-renderer";
import { setMenuRenderer } from "@menu/core/ports/menu-renderer";
import { registerTranslatableContents } from "@menu/core/translatable-contents";
import { migrateStores } from "@menu/core/store/recount";
import { indexStoresWithoutIndex } from "@menu/core/search/indexing";
import { resumeTranslations } from "@menu/core/translation/jobs";
import { seedDemo, type DemoSeed } from "./demo/seed";
import { localWebBuild } from "./web-build";
import { withBenchRoutes } from "./bench-routes";
import { startDynamo } from "./dynamo";
import { lockDataDir } from "./lock";
import { notFoundPage, spaRoutes } from "./not-found";
import { publishedHandler } from "./published";
import { createLocalApp, frontServer } from "./server";

const port = Number(process.env.PORT ?? 3000);
const dataDir = resolve(process.env.DATA_DIR ?? "./data");
const baseUrl = process.env.PUBLIC_BASE_URL ?? `http://localhost:${port}`;
// Links in e-mails (confirmation, password reset) are built from it, never from the request's Host.
process.env.PUBLIC_BASE_URL = baseUrl;
const webDist = resolve(import.meta.dirname, "../../../web/dist");

await mkdir(dataDir, { recursive: true });
const lock = await lockDataDir(dataDir);
if (!lock.held) {
  console.error(
    `The data folder ${dataDir} is already in use by process ${lock.owner}.\n` +
      `Stop that process first, or start this one with another DATA_DIR.`,
  );
  process.exit(1);
}
const releaseLock = lock.release;
if (!existsSync(join(webDist, "index.html"))) {
  console.error(`The web app is not built (${webDist}). Run "pnpm start", which builds it first.`);
  await releaseLock();
  process.exit(1);
}

// The guest pages' server renderer (web/dist-ssr, built with the SPA) for the publish job.
const ssrEntry = resolve(webDist, "../dist-ssr/ssr.js");
if (!existsSync(ssrEntry)) {
  console.error(`The guest menu's server renderer is not built (${ssrEntry}). Run "pnpm start", which builds it first.`);
  await releaseLock();
  process.exit(1);
}
const renderer = await loadMenuRenderer(ssrEntry);
setMenuRenderer(renderer);

const started = Date.now();
await mkdir(join(dataDir, "dynamodb"), { recursive: true });
const dynamo = await startDynamo({ path: join(dataDir, "dynamodb") });
const { client, table } = configureDb({ table: "menu", endpoint: dynamo.endpoint });
await ensureTable(client, table);

const outbox = join(dataDir, "outbox");
// Translation jobs run side by side, like several Lambda consumers of the queue in the cloud.
// LOCAL_QUEUE_DELAYS=0 (the tests' runtimes): a message's delay, a debounce such as the facts
// refresh's 5 s, is not kept, so waiting for the jobs to end does not wait for it.
const queue = memoryQueue(JOB_HANDLERS, { concurrency: { translate: 4 }, delays: process.env.LOCAL_QUEUE_DELAYS !== "0" });
const translator = translatorFromEnv(process.env, { cloud: false });
setPorts({
  objects: fsObjectStore(objectsDir(dataDir)),
  queue,
  mailer: outboxMailer(outbox, process.env.MAIL_FROM ?? "QR Menu <no-reply@localhost>"),
  translator,
});
// What the translation engine translates (the API requests it, the queue's jobs translate).
registerTranslatableContents();
// What CloudFront's edge would hold (routes, not-found pages); this runtime answers guests itself.
setGuestEdge(fsGuestEdge(edgeDir(dataDir)));

let ready = false;
const notFound = notFoundPage(renderer);
// The CSP names the build's inline scripts by hash (the sign-in form's, the guest pages' starter).
const security = { scriptHashes: readScriptHashes(webDist) };
const api = getRequestListener(createLocalApp({ isReady: () => ready, webDist, notFound, spaRoute: spaRoutes(webDist), security }).fetch);
const app = process.env.LOCAL_IDLE_ROUTE === "1" ? withBenchRoutes(api, () => queue.idle()) : api;
const published = publishedHandler(renderer.build, notFound);
const server = frontServer(published, app, security).listen(port);

// Pages published by an earlier build of web/dist are republished once for this one (as in the cloud).
setWebBuildSource(localWebBuild(webDist));
// Data migrations of a data folder written by an older version (each runs once).
await migrateStores();
await indexStoresWithoutIndex();
const seedFile = join(dataDir, "demo-seed.json");
if (!existsSync(seedFile) && !(await companyIdByUrlKey("demo"))) {
  console.log("Empty data folder: loading the demo data…");
  await writeFile(seedFile, JSON.stringify(await seedDemo(), null, 2));
  await queue.idle(); // the demo menus are published before the runtime says it is ready
  await webBuildPublished(); // with this build: nothing to republish for it
}
ready = true;
// Translation and export jobs that were queued or running when the runtime last stopped.
void resumeTranslations(clock.now(), 0).catch((error) => console.error("Resuming translation jobs failed", error));
void resumeMenuExports(clock.now(), 0).catch((error) => console.error("Resuming export jobs failed", error));

// The schedules EventBridge runs in the cloud: once now (catching up after downtime), then every minute.
const SCHEDULE_INTERVAL_MS = 60_000;
const tick = () => runSchedules(clock.now()).catch((error) => console.error("Scheduled jobs failed", error));
void tick();
const schedules = setInterval(tick, SCHEDULE_INTERVAL_MS);

if (existsSync(seedFile)) {
  const seed = JSON.parse(await readFile(seedFile, "utf8")) as DemoSeed;
  const demo = {
    menu_urls: seed.menu_paths.map((p) => baseUrl + p),
    qr_links: seed.qr_paths.map((p) => baseUrl + p),
    logins: seed.logins,
  };
  await writeFile(join(dataDir, "demo.json"), JSON.stringify(demo, null, 2));
  console.log(
    [
      "",
      `QR Menu is running on ${baseUrl} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      `Data folder: ${dataDir}    Outbox (sent e-mail): ${outbox}`,
      `API docs: ${baseUrl}/api/docs`,
      `Translation engine: ${translator.name === "none" ? "none (set LIBRETRANSLATE_URL for automatic translation)" : `${translator.name} ${process.env.LIBRETRANSLATE_URL ?? ""}`}`,
      "",
      "Demo menus:",
      ...demo.menu_urls.map((u) => `  ${u}`),
      "Table QR links:",
      ...demo.qr_links.map((u) => `  ${u}`),
      "Logins:",
      ...demo.logins.map((l) => `  ${l.role.padEnd(16)} ${l.email} / ${l.password}`),
      "",
    ].join("\n"),
  );
} else {
  console.log(`QR Menu is running on ${baseUrl}`);
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: shutting down…`);
  clearInterval(schedules);
  await new Promise<void>((ok) => server.close(() => ok()));
  await queue.idle();
  await dynamo.stop();
  await releaseLock();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
