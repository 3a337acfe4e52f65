/**
 * Issue 36, point 6: what copying another store's menu (same company) into a store would do. The
 * source is read as records, not as the export's rows: rows carry neither photos nor translations.
 * An item the target already has (same origin, or same section, category path and title) is
 * updated, its prices kept or taken by choice; everything else is created; nothing is deleted.
 * The plan reads both menus whole, so it runs in the copy's worker (menu-copy-worker.ts), never on
 * a request.
 */
import { z } from "zod";
import { Db } from "../db/service";
import { useActor } from "../shared/actor";
import { UserError } from "../shared/errors";
import { MENU_LANGUAGES, SECTIONS, SOURCE_LANGUAGE } from "../shared/model";
import { canManageCompany } from "../shared/policy";
import { storeById } from "../store/store";
import { ItemForm } from "../item/schemas";
import { glossaryOf } from "../translation/jobs";

export type Keys = { company_id: string; store_id: string };
type Entities = ReturnType<typeof Db>["entities"];
export type ItemRecord = Awaited<ReturnType<ReturnType<Entities["item"]["query"]["byStore"]>["go"]>>["data"][number];
type CategoryRecord = Awaited<ReturnType<ReturnType<Entities["category"]["query"]["byStore"]>["go"]>>["data"][number];

/** Source items the preview names as invalid (the count is whole). */
const INVALID_LIST_MAX = 20;

/** The source store: another store of the same company; anything else is "store not found". */
export async function sourceStore(keys: Keys, source_store_id: string): Promise<Keys> {
  if (source_store_id === keys.store_id) throw new UserError("copySameStore", 400);
  const source = await storeById(source_store_id);
  if (source.company_id !== keys.company_id) throw new UserError("storeNotFound", 404);
  return { company_id: source.company_id, store_id: source.store_id };
}

/**
 * The source store, after the checks a chain copy needs beyond the target's gate: copied by one who
 * manages the company (a store manager manages one store only), else "store not found".
 */
export async function sourceOf(keys: Keys, source_store_id: string): Promise<Keys> {
  if (source_store_id !== keys.store_id && !canManageCompany(useActor(), keys.company_id)) throw new UserError("storeNotFound", 404);
  return sourceStore(keys, source_store_id);
}

async function menuOf(keys: Keys) {
  const e = Db().entities;
  const [categories, items] = await Promise.all([e.category.query.byStore(keys).go({ pages: "all" }), e.item.query.byStore(keys).go({ pages: "all" })]);
  // Promotions are not items and keep to their store.
  return { categories: categories.data.filter((c) => c.section !== "promotions"), items: items.data };
}

const spaced = (s: string) => s.replace(/\s+/g, " ").trim().toLocaleLowerCase();

/** Categories in menu order (parents before their children) and "section:parent / name" of each. */
function categoryPaths(categories: CategoryRecord[]) {
  const byParent = new Map<string, CategoryRecord[]>();
  for (const c of categories) byParent.set(c.parent_id ?? "", [...(byParent.get(c.parent_id ?? "") ?? []), c]);
  const byPosition = (list: CategoryRecord[]) => [...list].sort((a, b) => SECTIONS.indexOf(a.section) - SECTIONS.indexOf(b.section) || (a.position ?? 0) - (b.position ?? 0));
  const ordered: CategoryRecord[] = [];
  const pathOf = new Map<string, string>();
  for (const top of byPosition(byParent.get("") ?? [])) {
    ordered.push(top);
    pathOf.set(top.category_id, `${top.section}:${spaced(top.name)}`);
    for (const child of byPosition(byParent.get(top.category_id) ?? [])) {
      ordered.push(child);
      pathOf.set(child.category_id, `${top.section}:${spaced(top.name)} / ${spaced(child.name)}`);
    }
  }
  return { ordered, pathOf };
}

/** What the copy would do, in the source's menu order; planned again by every delivery of the job, which goes on from the steps done. */
export async function copyPlan(keys: Keys, sourceKeys: Keys) {
  const [source, target, sourceGlossary, targetGlossary] = await Promise.all([menuOf(sourceKeys), menuOf(keys), glossaryOf(sourceKeys), glossaryOf(keys)]);
  const from = categoryPaths(source.categories);
  const to = categoryPaths(target.categories);
  const targetCategory = new Map([...to.pathOf].map(([id, path]) => [path, id]));
  const order = new Map(from.ordered.map((c, i) => [c.category_id, i]));
  const items = source.items
    .filter((i) => order.has(i.category_id))
    .sort((a, b) => order.get(a.category_id)! - order.get(b.category_id)! || (a.position ?? 0) - (b.position ?? 0) || a.item_id.localeCompare(b.item_id));
  // The same item: one of the group (its origin, or the origin itself), else the same place and title.
  const same = new Map<string, ItemRecord>();
  for (const t of target.items) {
    same.set(`title:${to.pathOf.get(t.category_id)}:${spaced(t.title)}`, t);
    same.set(`id:${t.item_id}`, t);
  }
  for (const t of target.items) if (t.origin_id) same.set(`id:${t.origin_id}`, t);
  const steps = items.map((item) => {
    const origin = item.origin_id ?? item.item_id;
    const path = from.pathOf.get(item.category_id)!;
    return { item, origin, path, match: same.get(`id:${origin}`) ?? same.get(`title:${path}:${spaced(item.title)}`) };
  });
  // The same rules as the item form: a record written under older rules is not copied as it is.
  const invalid = steps.filter(({ item }) => !ItemForm.safeParse({ ...item, photo: undefined, description: item.description ?? "" }).success).map(({ item }) => item.title);
  const known = new Set(targetGlossary.map((g) => g.abbreviation.toLocaleLowerCase()));
  return {
    source,
    steps,
    categories: from.ordered,
    sourcePath: from.pathOf,
    targetCategory,
    newCategories: from.ordered.filter((c) => !targetCategory.has(from.pathOf.get(c.category_id)!)),
    glossary: sourceGlossary,
    newGlossary: sourceGlossary.filter((g) => !known.has(g.abbreviation.toLocaleLowerCase())),
    invalid,
  };
}
export type CopyPlan = Awaited<ReturnType<typeof copyPlan>>;

/** The counts the dialog shows before the copy is confirmed. */
export const CopyPreview = z.object({
  categories: z.number(),
  new_categories: z.number().describe("Categories the target lacks (matched by section and name path)"),
  items: z.number(),
  creates: z.number(),
  updates: z.number().describe("Items the target already has (same origin, or same place and title)"),
  portions: z.number(),
  photos: z.number(),
  translations: z.record(z.string(), z.number()).describe("Texts (categories and items) translated, per language"),
  glossary: z.number(),
  new_glossary: z.number(),
  invalid: z.number(),
  invalid_titles: z.array(z.string()),
});
export type CopyPreview = z.infer<typeof CopyPreview>;

export function previewOf(plan: CopyPlan): CopyPreview {
  const texts = [...plan.categories, ...plan.steps.map((s) => s.item)];
  const translations = Object.fromEntries(
    MENU_LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE).map((lang) => [lang, texts.filter((t) => (t.translations as Record<string, { title?: string } | undefined>)[lang]?.title).length]),
  );
  return {
    categories: plan.categories.length,
    new_categories: plan.newCategories.length,
    items: plan.steps.length,
    creates: plan.steps.filter((s) => !s.match).length,
    updates: plan.steps.filter((s) => s.match).length,
    portions: plan.steps.reduce((n, s) => n + s.item.portions.length, 0),
    photos: plan.steps.filter((s) => s.item.photo).length,
    translations,
    glossary: plan.glossary.length,
    new_glossary: plan.newGlossary.length,
    invalid: plan.invalid.length,
    invalid_titles: plan.invalid.slice(0, INVALID_LIST_MAX),
  };
}
