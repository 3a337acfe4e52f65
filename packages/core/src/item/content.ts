/**
 * What items and promotions share: the store and category a call addresses (checked through the
 * policy; denied answers "not found"), positions inside a category, and what saving one's form
 * does besides the write (its picture checked, stale translations dropped, publish, translate).
 */
import type { TranslationEntry } from "../translation/targets";
import { Db } from "../db/service";
import { toCategoryInfo } from "../category/category";
import { assertStoreMedia } from "../media/upload";
import type { StoreContext } from "../command/store-command";
import type { PublishScope } from "../publish/request";
import { UserError } from "../shared/errors";
import type { TranslateRef } from "../translation/jobs";

export type StoreKeys = { company_id: string; store_id: string };

/** A category of the store (GetItem on the store's partition, so another store's id is not found). */
export async function categoryOfStore(keys: StoreKeys, category_id: string) {
  const { data } = await Db().entities.category.get({ ...keys, category_id }).go();
  if (!data) throw new UserError("categoryNotFound", 404);
  return toCategoryInfo(data);
}

type Positioned = { id: string; position: number };
const byPosition = <T extends Positioned>(a: T, b: T) => a.position - b.position;

/** Records in display order: by position; equal positions keep their given order. */
export const inOrder = <T extends Positioned>(rows: T[]) => [...rows].sort(byPosition);

/**
 * Positions 0..n-1 for `ids` in this order: answers only the records whose position changes, so a
 * sort writes as little as it can.
 */
export function renumber(rows: Positioned[], ids: string[]) {
  const current = new Map(rows.map((r) => [r.id, r.position]));
  return ids.map((id, position) => ({ id, position })).filter(({ id, position }) => current.get(id) !== position);
}

/**
 * The new order of a sort: the listed ids of this list first (unknown ones ignored), then the
 * others in their current order. An order that changes nothing is refused (SPEC.md section 5).
 */
export function sortedIds(rows: Positioned[], ids: string[]) {
  const known = new Set(rows.map((r) => r.id));
  const listed = [...new Set(ids)].filter((id) => known.has(id));
  const order = [...listed, ...inOrder(rows).map((r) => r.id).filter((id) => !listed.includes(id))];
  const changes = renumber(rows, order);
  if (!changes.length) throw new UserError("sortingUnchanged", 409);
  return changes;
}

type Translations = Record<string, TranslationEntry | undefined>;

/**
 * When the source title or description changes, machine translations of it are stale: they are
 * dropped (guests then see the fallback language until it is translated again); hand-made ones stay.
 */
function withoutStaleTranslations(translations: Translations | undefined, changed: { title: boolean; description: boolean }) {
  const out: Translations = {};
  for (const [lang, t] of Object.entries(translations ?? {})) {
    if (!t) continue;
    if (t.manual || t.checked) {
      out[lang] = t;
      continue;
    }
    const kept = { ...t };
    for (const field of ["title", "description"] as const) {
      if (!changed[field]) continue;
      delete kept[field];
      delete kept[`${field}_hash`];
    }
    if (kept.title !== undefined || kept.description !== undefined) out[lang] = kept;
  }
  return out;
}

/** A content's texts and picture as its form has them (an item's title and photo, a promotion's header and banner). */
type Form = { title: string; description?: string; picture?: string };

/**
 * Replacing a content's form: a new picture must be one the store uploaded, and machine
 * translations of a changed title or description go. Answers the translations to save.
 */
export async function revisedTranslations(keys: StoreKeys, translations: Translations | undefined, before: Form, after: Form) {
  if (after.picture && after.picture !== before.picture) await assertStoreMedia(after.picture, keys);
  return withoutStaleTranslations(translations, {
    title: after.title !== before.title,
    description: after.description !== (before.description ?? ""),
  });
}

/** A content was created or changed: its category is published again and its texts translated (after the command's success). */
export function contentSaved(ctx: Pick<StoreContext, "publish" | "translate">, target: TranslateRef, scope: PublishScope) {
  ctx.publish(scope);
  ctx.translate([target]);
}
