/**
 * Issue 47, point 5: the restore drill of docs/deploy.md rehearsed locally on the shared DynamoDB Local.
 * A store with its menu and its owner is exported from the file's table as DynamoDB's exports write it
 * (one `{"Item": …}` line of DynamoDB JSON per item), restored into a new table, and the local runtime is
 * run on that table alone: the owner signs in, and the store publishes and answers its guest menu page
 * from objects written afresh (nothing read from the former table or its objects).
 */
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream, mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { BatchWriteItemCommand, ScanCommand, type AttributeValue, type DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { configureDb, ensureTable, setPorts, usePorts } from "@menu/core";
import { db } from "@menu/core/db/client";
import { fsObjectStore } from "@menu/core/adapters/fs-object-store";
import { memoryQueue } from "@menu/core/adapters/memory-queue";
import { JOB_HANDLERS } from "@menu/core/jobs";
import { setMenuRenderer } from "@menu/core/ports/menu-renderer";
import { requestPublish } from "@menu/core/publish/request";
import { browser } from "../../api/test/support/browser-client";
import { PASSWORD, tenant } from "../../api/test/support/accounts";
import { publishedHandler } from "../../local/src/published";
import { createLocalApp } from "../../local/src/server";

type Item = Record<string, AttributeValue>;

/** Every item of `table`, one DynamoDB JSON line each (`{"Item": …}`, as ExportTableToPointInTime writes them). */
async function exportTable(client: DynamoDBClient, table: string, file: string) {
  const out = createWriteStream(file);
  let count = 0;
  let start: Item | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      if (!out.write(`${JSON.stringify({ Item: item })}\n`)) await once(out, "drain");
      count++;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  out.end();
  await once(out, "finish");
  return count;
}

/** The export's items into `table`, 25 a batch, what DynamoDB leaves unprocessed sent again. */
async function importTable(client: DynamoDBClient, file: string, table: string) {
  let count = 0;
  let batch: Item[] = [];
  const flush = async () => {
    let requests = batch.map((Item) => ({ PutRequest: { Item } }));
    while (requests.length) {
      const res = await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: requests } }));
      requests = (res.UnprocessedItems?.[table] ?? []) as typeof requests;
    }
    count += batch.length;
    batch = [];
  };
  for await (const line of createInterface({ input: createReadStream(file) })) {
    if (!line) continue;
    batch.push((JSON.parse(line) as { Item: Item }).Item);
    if (batch.length === 25) await flush();
  }
  await flush();
  return count;
}

const original = db();
let server: Server | undefined;
let t: Awaited<ReturnType<typeof tenant>>;

beforeAll(async () => {
  // Another file's items may share nothing with these: this file's table is its own (test/table-per-file.ts).
  t = await tenant("restoredrill");
  setMenuRenderer({
    renderPage: ({ menu }: { menu: { store: { name: string } } }) => `<!doctype html><html><title>${menu.store.name}</title></html>`,
    qrPath: (text: string) => ({ size: 21, path: `M0 0h${text.length}` }),
    build: "guest-1",
  });
});
afterAll(async () => {
  if (server) await new Promise((ok) => server!.close(ok));
  configureDb({ table: original.table, endpoint: inject("dynamoEndpoint") });
});

describe("restore rehearsal", () => {
  it("exports the table, restores it into a new table, and runs the runtime on the restored table", async () => {
    const started = performance.now();
    const dir = mkdtempSync(join(tmpdir(), "restore-drill-"));
    const file = join(dir, "export.json");

    // 1. Export (on AWS: a backup or an export to S3 of the table).
    const exported = await exportTable(original.client, original.table, file);
    expect(exported).toBeGreaterThan(10);

    // 2. Restore into a new table (on AWS: AWS Backup's restore, or an import from S3), same keys and indexes.
    const restored = `restored_${randomUUID()}`;
    await ensureTable(original.client, restored);
    expect(await importTable(original.client, file, restored)).toBe(exported);

    // 3. The runtime on the restored table only (on AWS: the staging stage with TABLE_NAME set to it),
    // with an empty object folder, so the guest menu is published again from the restored records.
    configureDb({ table: restored, endpoint: inject("dynamoEndpoint") });
    const queue = memoryQueue(JOB_HANDLERS, { delays: false });
    setPorts({ ...usePorts(), objects: fsObjectStore(join(dir, "objects")), queue });
    const webDist = mkdtempSync(join(dir, "web-"));
    // The runtime's guest pages (its front server's first handler) over HTTP; the API below in-process.
    const published = publishedHandler();
    server = createServer((req, res) => void Promise.resolve(published(req, res)).then((answered) => answered || res.writeHead(404).end())).listen(0, "127.0.0.1");
    await once(server, "listening");
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

    // A sign-in: the owner's account, password hash and company came through the restore.
    const owner = browser(createLocalApp({ webDist }));
    expect((await owner.signIn(t.owner.email, PASSWORD)).status).toBe(200);
    const me = await owner.get("/api/me");
    expect(me.status).toBe(200);
    expect(JSON.stringify(await me.json())).toContain(t.company_id);

    // A guest menu: published from the restored table, answered by the runtime's guest page.
    await requestPublish({ company_id: t.company_id, store_id: t.store_id });
    await queue.idle();
    const page = await fetch(`${base}/${t.company.url_key}/main/menu`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("restoredrill store");

    // How long the rehearsal took (docs/deploy.md, "Restore drill", quotes a run).
    console.log(`restore rehearsal: ${exported} items exported, restored and served in ${Math.round(performance.now() - started)} ms`);
  });
});
