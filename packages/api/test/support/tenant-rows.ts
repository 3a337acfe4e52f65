/**
 * A tenant's rows, to prove a call by someone else changed nothing: one Scan of the whole table per
 * snapshot (pages followed), not one per entity. Every row whose company, store, user or `ref`
 * is one of `ids` is kept whole, keys and index attributes included; sessions, sign-in links, rate
 * counters and secrets are left out (other callers' requests legitimately touch them).
 */
import { ScanCommand, type AttributeValue } from "@aws-sdk/client-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import { db } from "@menu/core/db/client";

const SKIPPED = new Set(["session", "oneTimeToken", "rateLimit", "secret"]);
const OWNERS = ["company_id", "store_id", "user_id", "ref"];

/** Attributes in name order, so a row's text does not depend on the order DynamoDB answers them in. */
const sorted = (row: Record<string, AttributeValue>) => JSON.stringify(Object.keys(row).sort().map((k) => [k, row[k]]));

export async function tenantRows(ids: ReadonlySet<string>): Promise<string[]> {
  const { client, table } = db();
  const rows: string[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
    for (const raw of page.Items ?? []) {
      const row = unmarshall(raw);
      if (SKIPPED.has(String(row.__edb_e__))) continue;
      if (OWNERS.some((k) => ids.has(String(row[k])))) rows.push(sorted(raw));
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return rows.sort();
}
