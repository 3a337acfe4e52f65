/** Prefix queries sent as key ranges (decision 082): the same rows, and no begins_with on the wire. */
import { PutItemCommand, QueryCommand } from "@aws-sdk/client-dynamodb";
import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { Db } from "@menu/core";
import { db } from "@menu/core/db/client";
import { venue } from "./fixtures";

/** The key conditions of the Query requests sent while `call` runs, as they go on the wire. */
async function sentConditions(call: () => Promise<unknown>) {
  const { client } = db();
  const seen: string[] = [];
  const name = `key-conditions-${randomUUID()}`;
  client.middlewareStack.add(
    (next) => async (args) => {
      const raw = (args.request as { body?: string | Uint8Array }).body ?? "{}";
      const text = typeof raw === "string" ? raw : new TextDecoder().decode(raw);
      const body = JSON.parse(text) as { KeyConditionExpression?: string };
      if (body.KeyConditionExpression) seen.push(body.KeyConditionExpression);
      return next(args);
    },
    { step: "finalizeRequest", name },
  );
  try {
    await call();
  } finally {
    client.middlewareStack.remove(name);
  }
  return seen;
}

const pk = `key-ranges#${randomUUID()}`;
/** Sort keys around the prefix "p", with characters from every part of the code space after it. */
const keys = ["o", "o\u{10FFFE}", "p", "p#", "pa", "p\uE000", "p\uFE70", "p\uFF01", "p\uFFFF", "p😀", "p\u{10FFFE}x", "q", "q#"];

beforeAll(async () => {
  const { client, table } = db();
  for (const sk of keys) await client.send(new PutItemCommand({ TableName: table, Item: { pk: { S: pk }, sk: { S: sk } } }));
});

it("answers a begins_with key condition with exactly the keys that start with the prefix", async () => {
  const { client, table } = db();
  const query = (prefix: string) =>
    client.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: "#pk = :pk and begins_with(#sk, :sk)",
        ExpressionAttributeNames: { "#pk": "pk", "#sk": "sk" },
        ExpressionAttributeValues: { ":pk": { S: pk }, ":sk": { S: prefix } },
      }),
    );
  for (const prefix of ["p", "p#", "q", "o", "pa", "p\uFF01"]) {
    const found = (await query(prefix)).Items!.map((item) => item.sk?.S);
    expect(found, prefix).toEqual(keys.filter((k) => k.startsWith(prefix)));
  }
  const [sent] = await sentConditions(() => query("p"));
  expect(sent).toBe("#pk = :pk and #sk BETWEEN :sk AND :sk_to");
});

it("sends ElectroDB's query on a partial sort key as a range", async () => {
  const v = await venue("ranges");
  const conditions = await sentConditions(() => Db().entities.category.query.byStore({ company_id: v.company_id, store_id: v.store_id }).go());
  expect(conditions.length).toBeGreaterThan(0);
  for (const condition of conditions) {
    expect(condition).not.toContain("begins_with");
    expect(condition).toContain("BETWEEN");
  }
});
