/** Deleting items with their kept counts (issue 31): a bulk delete, a menu copy undone. */
import { countByCategory, countedWrite, factsChange, tallyChange } from "../store/facts";
import type { StoreKeys } from "./content";

const DELETE_CHUNK = 45;

/** Items deleted with their counts, a chunk per transaction (a transaction holds at most 100 writes). */
export async function deleteItems(keys: StoreKeys, items: { item_id: string; category_id: string; photo?: string }[]) {
  for (let at = 0; at < items.length; at += DELETE_CHUNK) {
    const chunk = items.slice(at, at + DELETE_CHUNK);
    await countedWrite((e) => [
      // remove (not delete): an item already gone fails the chunk instead of being counted twice.
      ...chunk.map(({ item_id }) => e.item.remove({ ...keys, item_id }).commit()),
      ...[...countByCategory(chunk)].map(([category_id, n]) => tallyChange(e, keys, category_id, -n)),
      factsChange(e, keys, { items: -chunk.length, photos: -chunk.filter((i) => i.photo).length }),
    ]);
  }
}
