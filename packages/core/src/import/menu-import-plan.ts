/** The import's plan: what a sheet would create and change, compared with the menu as the export shows it. */
import { WORDS, description as exportedDescription, menuRows } from "../shared/menu-rows";
import { itemsByIds } from "../item/item";
import { buildPublishedMenu } from "../publish/build";
import { loadStoreState, type StoreState } from "../publish/store-state";
import { clock } from "../shared/clock";
import { letOthersRun, ROWS_PER_SLICE } from "../shared/yield";
import { SOURCE_LANGUAGE, type MenuLanguage } from "../shared/model";
import { ImportRefusal, type ImportError } from "./menu-import-errors";
import type { ImportRead } from "./menu-import-read";
import { COLUMN_KEYS, decimal, spaced, type Portion } from "./menu-import-sheet";

type Keys = { company_id: string; store_id: string };
type Change = { row: number; id: string; title: string; fields: string[] };
export type Plan = {
  language: MenuLanguage;
  items: number;
  create: { row: number; title: string; category: string }[];
  change: Change[];
  unchanged: number;
  categories: string[];
  errors: ImportError[];
};

const sameDecimal = (a: string, b: string) => Number(decimal(a)) === Number(decimal(b));
const samePortions = (a: Portion[], b: { weight: string; unit: string; price: string; currency: string }[]) =>
  a.length === b.length && a.every((p, i) => sameDecimal(p.weight, b[i]!.weight) && p.unit === b[i]!.unit && sameDecimal(p.price, b[i]!.price) && p.currency === b[i]!.currency);

/**
 * What the import would do: the file's items (judged in a sheet worker) compared with the menu as
 * the export shows it in the sheet's language (a refused file: its one error, where it was found).
 */
export async function plan(keys: Keys, read: ImportRead | ImportRefusal) {
  if (read instanceof ImportRefusal) return { plan: undefined, error: read.error };
  const { lang, items, errors } = read;
  // Only the items the sheet names are read: a 50-row sheet costs the same in a 5,000-item store.
  const loaded = await loadStoreState(keys, clock.now(), { items: false });
  const state = { ...loaded, items: await itemsByIds(keys, items.flatMap((item) => (item.id ? [item.id] : []))) };
  // The export's view of every item (hidden ones included), in the sheet's language.
  const view = buildPublishedMenu({ ...state, hidden: undefined, categories: state.categories.map((c) => ({ ...c, visible: true })), items: state.items.map((i) => ({ ...i, visible: true })) }, lang, () => ({ size: 0, path: "" }), clock.now());
  const exported = new Map(menuRows(view, lang).map((r) => [r.item.id, r]));
  const records = new Map(state.items.map((i) => [i.id, i]));
  const { paths, pathOf } = categoryPaths(state, lang);
  const result: Plan = { language: lang, items: items.length, create: [], change: [], unchanged: 0, categories: [], errors };
  for (const [index, item] of items.entries()) {
    if (index % ROWS_PER_SLICE === ROWS_PER_SLICE - 1) await letOthersRun();
    const path = item.categoryPath.join(" / ");
    if (!item.id) {
      if (lang !== SOURCE_LANGUAGE) {
        errors.push({ row: item.row, column: WORDS[lang].columns[COLUMN_KEYS.indexOf("id")]!, code: "newItemNeedsSource" });
        continue;
      }
      if (!paths.has(`${item.section}:${path}`) && item.categoryPath.length > 2) {
        errors.push({ row: item.row, column: WORDS[lang].columns[1]!, code: "unknownCategory", value: path });
        continue;
      }
      if (!paths.has(`${item.section}:${path}`) && !result.categories.includes(`${item.section}:${path}`)) result.categories.push(`${item.section}:${path}`);
      result.create.push({ row: item.row, title: item.title, category: path });
      continue;
    }
    const record = records.get(item.id);
    const shown = exported.get(item.id);
    if (!record || !shown) {
      errors.push({ row: item.row, column: WORDS[lang].columns[COLUMN_KEYS.indexOf("id")]!, code: "unknownItem", value: item.id });
      continue;
    }
    const fields: string[] = [];
    if (spaced(item.title) !== spaced(shown.item.title)) fields.push("title");
    if (item.description !== undefined && spaced(item.description) !== spaced(exportedDescription(shown.item))) fields.push("description");
    if (!samePortions(item.portions, record.portions)) fields.push("portions");
    if (item.allergens && item.allergens.join() !== record.allergens.join()) fields.push("allergens");
    if (item.tags && item.tags.join() !== record.tags.join()) fields.push("tags");
    if (item.visible !== undefined && item.visible !== record.visible) fields.push("visible");
    if (lang === SOURCE_LANGUAGE && `${item.section}:${path}` !== pathOf.get(record.category_id)) {
      if (!paths.has(`${item.section}:${path}`)) errors.push({ row: item.row, column: WORDS[lang].columns[1]!, code: "unknownCategory", value: path });
      else fields.push("category");
    }
    if (fields.length) result.change.push({ row: item.row, id: item.id, title: item.title, fields });
    else result.unchanged++;
  }
  return { plan: result, items, state, paths };
}

/** "section:Top / Child" → category id, with names in the sheet's language (as the export writes them). */
function categoryPaths(state: StoreState, lang: MenuLanguage) {
  const name = (c: StoreState["categories"][number]) => (lang === SOURCE_LANGUAGE ? c.name : (c.translations[lang]?.title ?? c.translations.en?.title ?? c.name));
  const byId = new Map(state.categories.map((c) => [c.id, c]));
  const paths = new Map<string, string>();
  const pathOf = new Map<string, string>();
  for (const c of state.categories) {
    const parent = c.parent_id ? byId.get(c.parent_id) : undefined;
    const key = `${c.section}:${parent ? `${name(parent)} / ${name(c)}` : name(c)}`;
    paths.set(key, c.id);
    pathOf.set(c.id, key);
  }
  return { paths, pathOf };
}
