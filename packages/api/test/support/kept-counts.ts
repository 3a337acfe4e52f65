import { expect } from "vitest";
import { countStore, keptCounts } from "@menu/core/store/recount";

/** The store's kept counts equal a recount from its records, and no two items of a category share a position. */
export async function expectCountsExact(keys: { company_id: string; store_id: string }) {
  const [kept, counted] = await Promise.all([keptCounts(keys), countStore(keys)]);
  expect(kept.facts).toEqual(counted.facts);
  for (const [category_id, n] of counted.content) expect([category_id, kept.content.get(category_id) ?? 0]).toEqual([category_id, n]);
  const byCategory = new Map<string, number[]>();
  for (const i of counted.items) byCategory.set(i.category_id, [...(byCategory.get(i.category_id) ?? []), i.position ?? 0]);
  for (const positions of byCategory.values()) expect(new Set(positions).size).toBe(positions.length);
}
