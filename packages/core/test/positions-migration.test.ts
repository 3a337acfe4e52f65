import { randomUUID } from "node:crypto";
import { UpdateItemCommand } from "@aws-sdk/client-dynamodb";
import { describe, expect, it } from "vitest";
import { Db } from "@menu/core";
import { db } from "@menu/core/db/client";
import { itemsFrom } from "@menu/core/store/positions";
import { keptCounts, migrateStores } from "@menu/core/store/recount";
import { venue } from "./fixtures";

const portion = { id: "p", weight: "250", unit: "g" as const, price: "5", currency: "BYN" as const };

describe("the item positions migration (issue 31)", () => {
  it("the start-up migration gives shared positions and old-format keys fresh positions, once", async () => {
    const store = await venue("migrate");
    const keys = { company_id: store.company_id, store_id: store.store_id };
    // As an older version left them: three items on one position, keyed by id alone.
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    await Db()
      .entities.item.put(ids.map((item_id) => ({ ...keys, item_id, kind: "product" as const, category_id: store.category_id, position: 3, title: item_id, portions: [portion] })))
      .go();
    const { client, table } = db();
    for (const item_id of ids) {
      const key = Db().entities.item.get({ ...keys, item_id }).params() as { Key: Record<string, string> };
      await client.send(
        new UpdateItemCommand({
          TableName: table,
          Key: { pk: { S: key.Key.pk! }, sk: { S: key.Key.sk! } },
          UpdateExpression: "SET gsi2sk = :old",
          ExpressionAttributeValues: { ":old": { S: `$item_1#item_id_${item_id}` } },
        }),
      );
    }
    await Db().entities.migration.delete({ name: "item-positions-v1" }).go();
    expect(await migrateStores()).toBeGreaterThan(0);
    const { items } = await itemsFrom(keys, store.category_id, 0, 100);
    expect(items).toHaveLength(5);
    expect(new Set(items.map((i) => i.position)).size).toBe(5);
    expect((await keptCounts(keys)).facts.items).toBe(5);
    expect(await migrateStores()).toBe(0);
  });
});
