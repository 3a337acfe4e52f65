/**
 * Items as translatable content (translation/contents.ts): title and description. A saved
 * translation re-indexes the item's search terms, and the publish after it patches the item into
 * the chunk that holds it.
 */
import { Db } from "../db/service";
import { indexItem } from "../search/indexing";
import { entityContent, targetBase } from "../translation/contents";
import type { Target, Translations } from "../translation/targets";

type ItemRow = { company_id: string; store_id: string; updated_at: string; translations?: Translations; item_id: string; category_id: string; title: string; description?: string };

/** A record just read or written as a Target, so a translation request after its save need not read it again. */
export const itemTarget = (r: ItemRow): Target => ({ ...targetBase(r.item_id, r, { title: r.title, description: r.description ?? "" }), category_id: r.category_id });

export const itemContent = entityContent(() => Db().entities.item, "item_id", itemTarget, {
  saved: indexItem,
  scopeItem: (target) => (target.category_id ? { category_id: target.category_id, item_id: target.id } : undefined),
});
