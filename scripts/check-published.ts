/**
 * pnpm check:published <company>/<store> | <company> | <store id> [--stage <stage>] [--json]
 *
 * Issue 46, point 2: rebuilds a store's guest menu from the database and compares it, part by part,
 * with what is published (packages/core/src/publish/consistency.ts): the manifest, each language's
 * index, the items of each category's chunks, the pages, all.html, the table QR links, the event
 * targets. Prints the parts that differ and exits with 1 when any does. A company's URL name alone
 * checks each of its stores.
 * - Without --stage: the local data folder (DATA_DIR, default ./data, as `pnpm start`). While the
 *   local runtime runs, its DynamoDB Local is read (found from the folder's pid file); otherwise one
 *   is started on the folder (its lock taken). DYNAMODB_ENDPOINT names another one (table TABLE_NAME,
 *   default "menu"). Pages are compared as the runtime renders them, for PUBLIC_BASE_URL (default
 *   http://localhost:$PORT, PORT 3000).
 * - With --stage: that deployed stage's table, `<stage>-qr-menu-menu` (TABLE_NAME names another), in
 *   the stage's region (as admin:create takes it), and its menus bucket, which MENUS_BUCKET (or
 *   --bucket) names; PUBLIC_BASE_URL should be the site's address. The usual AWS credentials.
 * The pages are rendered with web/dist-ssr/ssr.js (`pnpm build`; MENU_SSR_ENTRY names another): with
 * a build other than the published one, pages and their keys are left out (said in the output).
 */
import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { configureDb, Db, ensureTable, setPorts, tableExists } from "@menu/core";
import { fsObjectStore, objectsDir } from "@menu/core/adapters/fs-object-store";
import { memoryQueue } from "@menu/core/adapters/memory-queue";
import { outboxMailer } from "@menu/core/adapters/outbox-mailer";
import { s3ObjectStore } from "@menu/core/adapters/s3-object-store";
import { loadMenuRenderer } from "@menu/core/adapters/ssr-menu-renderer";
import { companyIdByUrlKey } from "@menu/core/company/company";
import { checkPublished, type PublishedCheck } from "@menu/core/publish/consistency";
import { storeById, storesOfCompany, resolveCsObject } from "@menu/core/store/store";
import { startDynamo } from "../packages/local/src/dynamo";
import { lockDataDir } from "../packages/local/src/lock";
import { stageRegion } from "../stacks/stage-env";

const USAGE = "Usage: pnpm check:published <company>/<store> | <company> | <store id> [--stage <stage>] [--bucket <menus bucket>] [--json]";
const ROOT = fileURLToPath(new URL("..", import.meta.url));

type Keys = { company_id: string; store_id: string };

/** Opens the database and the object store; answers how to close them. */
async function openLocal(dataDir: string): Promise<{ describe: string; close: () => Promise<void> }> {
  const objects = fsObjectStore(objectsDir(dataDir));
  setPorts({ objects, queue: memoryQueue({}), mailer: outboxMailer(join(dataDir, "outbox"), "check@localhost") });
  const table = process.env.TABLE_NAME || "menu";
  if (process.env.DYNAMODB_ENDPOINT) {
    const { client } = configureDb({ table, endpoint: process.env.DYNAMODB_ENDPOINT });
    return { describe: `table ${table} at ${process.env.DYNAMODB_ENDPOINT}, objects in ${objectsDir(dataDir)}`, close: async () => client.destroy() };
  }
  if (!existsSync(join(dataDir, "dynamodb"))) throw new Error(`There is no local data in ${dataDir} (DATA_DIR). Start the runtime once (pnpm start), or name the folder.`);
  await mkdir(dataDir, { recursive: true });
  const lock = await lockDataDir(dataDir);
  if (!lock.held) {
    // The runtime runs: read its DynamoDB Local (reads only; the runtime keeps writing meanwhile).
    const endpoint = await runningDynamo(join(dataDir, "dynamodb"));
    if (!endpoint) throw new Error(`The data folder ${dataDir} is in use by process ${lock.owner}, and its DynamoDB Local was not found. Set DYNAMODB_ENDPOINT, or stop the runtime.`);
    const { client } = configureDb({ table, endpoint });
    return { describe: `the running local runtime's data (${dataDir}, DynamoDB Local at ${endpoint})`, close: async () => client.destroy() };
  }
  try {
    const dynamo = await startDynamo({ path: join(dataDir, "dynamodb") });
    const { client } = configureDb({ table, endpoint: dynamo.endpoint });
    await ensureTable(client, table);
    return {
      describe: `the local data folder ${dataDir}`,
      close: async () => {
        client.destroy();
        await dynamo.stop();
        await lock.release();
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** The endpoint of the DynamoDB Local serving these files (packages/local/src/dynamo.ts writes its pid beside them). */
async function runningDynamo(path: string) {
  const pid = Number(await readFile(join(path, ".dynamodb.pid"), "utf8").catch(() => "0"));
  if (!pid) return undefined;
  const args = (await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "")).split("\0");
  const port = args[args.indexOf("-port") + 1];
  return args.includes("-port") && port && /^\d+$/.test(port) ? `http://127.0.0.1:${port}` : undefined;
}

async function openStage(stage: string, bucket: string | undefined) {
  const table = process.env.TABLE_NAME || `${stage}-qr-menu-menu`;
  const region = stageRegion(ROOT, stage, process.env);
  if (!bucket) throw new Error(`Name the stage's menus bucket: MENUS_BUCKET=… or --bucket … (the MenusBucket output of stage ${stage}).`);
  const { client } = configureDb({ table, region, endpoint: process.env.DYNAMODB_ENDPOINT });
  if (!(await tableExists(client, table))) throw new Error(`There is no table ${table} in ${region}. Set TABLE_NAME and AWS_REGION for another one.`);
  // The S3 client takes its region from the environment.
  process.env.AWS_REGION = region;
  setPorts({ objects: s3ObjectStore(bucket), queue: memoryQueue({}), mailer: outboxMailer(join(ROOT, "data", "outbox"), "check@localhost") });
  return { describe: `table ${table} and bucket ${bucket} in ${region} (stage ${stage})`, close: async () => client.destroy() };
}

/** The stores the argument names: "<company>/<store>" (URL names), a company's URL name, or a store id. */
async function storesNamed(name: string): Promise<Keys[]> {
  const [companyKey, storeKey, ...rest] = name.split("/");
  if (storeKey !== undefined && !rest.length && companyKey && storeKey) {
    const found = await resolveCsObject({ companyKey, storeKey }).catch(() => undefined);
    if (found) return [{ company_id: found.company_id, store_id: found.store_id }];
    throw new Error(`No store ${name}.`);
  }
  const company_id = await companyIdByUrlKey(name);
  if (company_id) return (await storesOfCompany(company_id)).map((s) => ({ company_id: s.company_id, store_id: s.store_id }));
  const store = await storeById(name).catch(() => undefined);
  if (store) return [{ company_id: store.company_id, store_id: store.store_id }];
  const company = (await Db().entities.company.get({ company_id: name }).go()).data;
  if (company) return (await storesOfCompany(company.company_id)).map((s) => ({ company_id: s.company_id, store_id: s.store_id }));
  throw new Error(`No company or store named ${name} (a URL name like demo/main, a company's URL name, or an id).`);
}

function print(check: PublishedCheck) {
  const p = check.publication;
  const state = p.running ? "a publish runs now" : p.requested > p.published ? `${p.requested - p.published} request(s) not published yet` : "idle";
  console.log(`${check.company_url_key}/${check.store_url_key} (store ${check.keys.store_id}): requests ${p.requested}, published ${p.published}, ${state}; rebuilt as at ${check.at}`);
  console.log(`  ${check.checked} parts compared, ${check.differences.length} differ${check.differences.length ? ":" : ""}`);
  for (const d of check.differences) console.log(`  - ${d.part} (${d.key}): ${d.detail}`);
  for (const d of check.deferred) console.log(`  … ${d.part} (${d.key}): ${d.detail}`);
  for (const s of check.skipped) console.log(`  not compared: ${s}`);
  if (check.differences.length && (p.running || p.requested > p.published)) console.log("  (the store's publish has work left: run the check again once it is idle)");
}

async function main(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { stage: { type: "string" }, bucket: { type: "string" }, json: { type: "boolean" } } });
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) return fail(USAGE);
  const entry = resolve(ROOT, process.env.MENU_SSR_ENTRY ?? "web/dist-ssr/ssr.js");
  if (!existsSync(entry)) return fail(`The guest pages' server renderer is not built (${entry}): run pnpm build first.`);
  // The address the pages' canonical links name (the local runtime's own when PUBLIC_BASE_URL is not set); one a page names is tried too.
  if (!values.stage) process.env.PUBLIC_BASE_URL ??= `http://localhost:${process.env.PORT ?? 3000}`;
  let close: (() => Promise<void>) | undefined;
  try {
    const render = await loadMenuRenderer(entry);
    const target = values.stage ? await openStage(values.stage, values.bucket ?? process.env.MENUS_BUCKET) : await openLocal(resolve(process.env.DATA_DIR ?? "./data"));
    close = target.close;
    const stores = await storesNamed(positionals[0]!);
    if (!values.json) console.log(`Checking ${stores.length} store(s) in ${target.describe}`);
    const checks: PublishedCheck[] = [];
    for (const keys of stores) {
      const check = await checkPublished(keys, { render });
      checks.push(check);
      if (!values.json) print(check);
    }
    if (values.json) console.log(JSON.stringify(checks, null, 2));
    if (checks.some((c) => c.differences.length)) process.exitCode = 1;
  } catch (error) {
    return fail((error as Error).message);
  } finally {
    await close?.();
  }
}

function fail(message: string) {
  console.error(message);
  process.exitCode = 1;
}

await main(process.argv.slice(2));
