/**
 * Menu import from a spreadsheet (issue 19): an Excel (.xlsx) or CSV file with the columns of the
 * Excel export, in any menu language (told by its header row). A preview says what will be created
 * and changed, with errors per row and cell; applying writes nothing while any row is invalid, and
 * goes in chunks (`from`, `count`) so the page shows progress. Rows with an ID change that item;
 * rows without one create items (Russian sheets only: the source language). A sheet in another
 * language changes that language's translations (kept as hand-made) and the language-free fields.
 * The import never deletes.
 */
import { readSheet } from "read-excel-file/node";
import { z } from "zod";
import { Db } from "../db/service";
import { buildPublishedMenu, loadStoreState, type StoreState } from "../publish/build";
import { requestPublish } from "../publish/request";
import { WORDS, description as exportedDescription, menuRows } from "../export/menu-export";

import { markByName, ALLERGENS, DIET_TAGS, inMarkOrder, type Allergen, type DietTag } from "../item/marks";
import { ItemTitle, Price, Weight } from "../item/schemas";
import { clock } from "../shared/clock";
import { UserError } from "../shared/errors";
import { fn } from "../shared/fn";
import { newId } from "../shared/ids";
import { CURRENCIES, MENU_LANGUAGES, SECTIONS, SOURCE_LANGUAGE, UNITS, type MenuLanguage } from "../shared/model";
import { deltaToString } from "../shared/rich-text";
import { requestStoreTranslation, sourceHashes, translationContext } from "../translation/jobs";
import { IMPORT_FILE_MAX } from "./menu-import-limits";
import { TARGETS } from "../translation/targets";
import { managedStore, storeKeys } from "../shared/policy";

/** A file as the page sends it: its name (for the format) and its bytes in base64 (≤ 180 KB, under the API's JSON limit). */
const ImportFile = z.object({
  store_id: z.string().min(1).max(64),
  file_name: z.string().min(1).max(200),
  content: z.string().max(Math.ceil((IMPORT_FILE_MAX * 4) / 3) + 4),
});
export const PreviewImportInput = ImportFile;
export const ApplyImportInput = ImportFile.extend({ from: z.number().int().min(0), count: z.number().int().min(1).max(500) });

/** An error of one cell (row numbers as the spreadsheet shows them, the header being row 1). */
export type ImportError = { row: number; column: string; code: ImportErrorCode; value?: string };
export const IMPORT_ERROR_CODES = [
  "required",
  "valueIncorrect",
  "titleLength",
  "priceZero",
  "weightZero",
  "unknownSection",
  "unknownCategory",
  "unknownMark",
  "unknownItem",
  "newItemNeedsSource",
  "notASheet",
  "unknownColumns",
] as const;
export type ImportErrorCode = (typeof IMPORT_ERROR_CODES)[number];

const COLUMN_KEYS = ["section", "category", "title", "description", "portion", "price", "currency", "allergens", "tags", "visible", "id"] as const;
type ColumnKey = (typeof COLUMN_KEYS)[number];

type Portion = { weight: string; unit: (typeof UNITS)[number]; price: string; currency: (typeof CURRENCIES)[number] };
/** One item as the sheet has it (its rows grouped: one per portion). */
type SheetItem = {
  row: number;
  id?: string;
  section: (typeof SECTIONS)[number];
  categoryPath: string[];
  title: string;
  portions: Portion[];
  /** Undefined when the sheet has no such column: the stored value stays. */
  description?: string;
  allergens?: Allergen[];
  tags?: DietTag[];
  visible?: boolean;
};

const cellText = (value: unknown) => (value === null || value === undefined ? "" : String(value)).trim();
const spaced = (s: string) => s.replace(/\s+/g, " ").trim();
const lower = (s: string) => spaced(s).toLocaleLowerCase();

/** CSV as spreadsheets write it: commas or semicolons, quoted fields with doubled quotes, CRLF. */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, "");
  const firstLine = body.split(/\r?\n/, 1)[0] ?? "";
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && body[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows.filter((r) => r.some((cell) => cell.trim()));
}

async function readTable(file_name: string, content: string): Promise<string[][]> {
  const bytes = Buffer.from(content, "base64");
  if (bytes.length > IMPORT_FILE_MAX) throw new UserError("payloadTooLarge", 413);
  if (/\.csv$/i.test(file_name)) return parseCsv(bytes.toString("utf8"));
  try {
    const rows = await readSheet(bytes);
    return rows.map((r) => r.map(cellText)).filter((r) => r.some(Boolean));
  } catch {
    return [];
  }
}

/** The sheet's language and where each column is, from its header row (any menu language's column names). */
function headerOf(header: string[]): { lang: MenuLanguage; at: Partial<Record<ColumnKey, number>> } | undefined {
  const cells = header.map(lower);
  for (const lang of MENU_LANGUAGES) {
    const names = WORDS[lang].columns.map(lower);
    if (!names.slice(0, 3).every((n) => cells.includes(n))) continue;
    const at: Partial<Record<ColumnKey, number>> = {};
    COLUMN_KEYS.forEach((key, i) => {
      const index = cells.indexOf(names[i]!);
      if (index >= 0) at[key] = index;
    });
    return { lang, at };
  }
  return undefined;
}

/** A decimal as typed or as Excel stores it: "12,5", "12.50", 12.5 → "12.5". */
const decimal = (s: string) => s.replace(/\s/g, "").replace(",", ".");

/** Reads the sheet's rows into items, or cell errors. */
function readItems(table: string[][], lang: MenuLanguage, at: Partial<Record<ColumnKey, number>>) {
  const w = WORDS[lang];
  const columnName = (key: ColumnKey) => w.columns[COLUMN_KEYS.indexOf(key)]!;
  const errors: ImportError[] = [];
  const items: SheetItem[] = [];
  const sections = new Map(Object.entries(w.sections).map(([key, name]) => [lower(name), key as SheetItem["section"]]));
  const units = new Map<string, Portion["unit"]>();
  for (const l of MENU_LANGUAGES) for (const [unit, name] of Object.entries(WORDS[l].units)) units.set(lower(name), unit as Portion["unit"]);
  for (const unit of UNITS) units.set(unit, unit);

  table.slice(1).forEach((cells, index) => {
    const row = index + 2;
    const get = (key: ColumnKey) => (at[key] === undefined ? "" : (cells[at[key]!] ?? "").trim());
    const fail = (key: ColumnKey, code: ImportErrorCode, value = get(key)) => {
      errors.push({ row, column: columnName(key), code, ...(value ? { value } : {}) });
    };
    const required = (key: ColumnKey) => {
      if (!get(key)) fail(key, "required");
      return get(key);
    };
    const section = sections.get(lower(required("section")));
    if (get("section") && !section) fail("section", "unknownSection");
    // The export writes "Top / Child"; a name may itself hold a "/" without spaces ("Пиво/сидр").
    const categoryPath = required("category").split(/\s+\/\s+/).map(spaced).filter(Boolean);
    const title = required("title");
    if (title && !ItemTitle.safeParse(title).success) fail("title", "titleLength");
    // A portion: "300 г", "0,5 л", or a number alone (pieces).
    const portionText = required("portion");
    const portionMatch = /^([\d\s.,]+)\s*(.*)$/.exec(portionText);
    const unit = portionMatch ? (portionMatch[2] ? units.get(lower(portionMatch[2])) : "pieces") : undefined;
    const weight = Weight.safeParse(decimal(portionMatch?.[1] ?? ""));
    if (portionText && (!portionMatch || !unit)) fail("portion", "valueIncorrect");
    else if (portionText && !weight.success) fail("portion", weight.error.issues.some((i) => i.message === "Weight cannot be 0") ? "weightZero" : "valueIncorrect");
    const price = Price.safeParse(decimal(required("price")));
    if (get("price") && !price.success) fail("price", price.error.issues.some((i) => i.message === "Price cannot be 0") ? "priceZero" : "valueIncorrect");
    const currency = (get("currency") || "BYN").toUpperCase();
    if (!(CURRENCIES as readonly string[]).includes(currency)) fail("currency", "valueIncorrect");
    const markList = (key: "allergens" | "tags", order: readonly string[]) => {
      const found: string[] = [];
      for (const name of get(key).split(/[,;]/).map(spaced).filter(Boolean)) {
        const mark = markByName(name);
        if (!mark || !order.includes(mark)) fail(key, "unknownMark", name);
        else found.push(mark);
      }
      return found;
    };
    const allergens = inMarkOrder(ALLERGENS, markList("allergens", ALLERGENS) as Allergen[]);
    const tags = inMarkOrder(DIET_TAGS, markList("tags", DIET_TAGS) as DietTag[]);
    const visibleText = lower(get("visible"));
    const visible = !visibleText || MENU_LANGUAGES.some((l) => lower(WORDS[l].yes) === visibleText);
    if (!visible && !MENU_LANGUAGES.some((l) => lower(WORDS[l].no) === visibleText)) fail("visible", "valueIncorrect");
    if (!section || !title || !categoryPath.length || !weight.success || !unit || !price.success) return;

    const portion: Portion = { weight: weight.data, unit, price: price.data, currency: currency as Portion["currency"] };
    const id = get("id") || undefined;
    const previous = items.at(-1);
    // Consecutive rows of one item (one per portion): the same ID, or, without IDs, the same section, category and title.
    if (previous && (id ? previous.id === id : !previous.id && previous.section === section && previous.title === title && previous.categoryPath.join("/") === categoryPath.join("/"))) {
      previous.portions.push(portion);
      return;
    }
    const has = (key: ColumnKey) => at[key] !== undefined;
    items.push({
      row,
      id,
      section,
      categoryPath,
      title,
      portions: [portion],
      ...(has("description") ? { description: get("description") } : {}),
      ...(has("allergens") ? { allergens } : {}),
      ...(has("tags") ? { tags } : {}),
      ...(has("visible") ? { visible } : {}),
    });
  });
  return { items, errors };
}

type Keys = { company_id: string; store_id: string };
type Change = { row: number; id: string; title: string; fields: string[] };
type Plan = {
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

/** What the import would do: compared with the menu as the export shows it in the sheet's language. */
async function plan(keys: Keys, table: string[][]) {
  const header = table[0] ? headerOf(table[0]) : undefined;
  if (!header) return { plan: undefined, error: { row: 1, column: "", code: table.length ? ("unknownColumns" as const) : ("notASheet" as const) } };
  const { lang } = header;
  const { items, errors } = readItems(table, lang, header.at);
  const state = await loadStoreState(keys, clock.now());
  // The export's view of every item (hidden ones included), in the sheet's language.
  const view = buildPublishedMenu({ ...state, hidden: undefined, categories: state.categories.map((c) => ({ ...c, visible: true })), items: state.items.map((i) => ({ ...i, visible: true })) }, lang, () => ({ size: 0, path: "" }), clock.now());
  const exported = new Map(menuRows(view, lang).map((r) => [r.item.id, r]));
  const records = new Map(state.items.map((i) => [i.id, i]));
  const { paths, pathOf } = categoryPaths(state, lang);
  const result: Plan = { language: lang, items: items.length, create: [], change: [], unchanged: 0, categories: [], errors };
  for (const item of items) {
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

async function prepared(store_id: string, file_name: string, content: string) {
  const keys = storeKeys(await managedStore(store_id));
  const table = await readTable(file_name, content);
  return { keys, ...(await plan(keys, table)) };
}

/** POST /api/menu-import/preview */
export const previewImport = fn(PreviewImportInput, async ({ store_id, file_name, content }) => {
  const { plan: result, error } = await prepared(store_id, file_name, content);
  if (!result) return { language: SOURCE_LANGUAGE, items: 0, create: [], change: [], unchanged: 0, categories: [], errors: [error!] } satisfies Plan;
  return { ...result, categories: result.categories.map((c) => c.split(":").slice(1).join(":")) };
});

const plainDelta = (text: string) => (text ? deltaToString([{ insert: `${text}\n` }]) : "");

/**
 * POST /api/menu-import/apply: validates the whole file again (nothing is written while any row is
 * invalid), then writes items [from, from + count) of the sheet; categories a new row needs are
 * created with the first chunk. Answers how far it got.
 */
export const applyImport = fn(ApplyImportInput, async ({ store_id, file_name, content, from, count }) => {
  const { keys, plan: result, items, state, paths } = await prepared(store_id, file_name, content);
  if (!result || result.errors.length) throw new UserError("importInvalid", 400);
  const e = Db().entities;
  if (from === 0) {
    for (const key of result.categories) {
      const [section, ...rest] = key.split(":");
      const names = rest.join(":").split(" / ");
      let parent_id = "";
      for (let depth = 0; depth < names.length; depth++) {
        const path = `${section}:${names.slice(0, depth + 1).join(" / ")}`;
        let id = paths.get(path);
        if (!id) {
          id = newId();
          const type = section === "hookahs" ? "hookahs" : section === "games" ? "entertainment" : "products";
          await e.category.create({ ...keys, category_id: id, section: section as "kitchen", type, name: names[depth]!, icon: "", parent_id, position: 1000 + depth, visible: true }).go();
          paths.set(path, id);
        }
        parent_id = id;
      }
    }
  }
  const ctx = await translationContext(keys);
  const records = new Map(state.items.map((i) => [i.id, i]));
  const changes = new Map(result.change.map((c) => [c.id, new Set(c.fields)]));
  const chunk = items.slice(from, from + count);
  const KIND = { kitchen: "product", drinks: "product", hookahs: "hookah", games: "game" } as const;
  await Promise.all(
    chunk.map(async (item) => {
      const category_id = paths.get(`${item.section}:${item.categoryPath.join(" / ")}`);
      // What the sheet has a column for (a missing column keeps the stored value).
      const given = {
        ...(item.allergens ? { allergens: item.allergens } : {}),
        ...(item.tags ? { tags: item.tags } : {}),
        ...(item.visible !== undefined ? { visible: item.visible } : {}),
      };
      const portions = item.portions.map((p, i) => ({ id: (item.id && records.get(item.id)?.portions[i]?.id) || newId(), ...p }));
      if (!item.id) {
        const item_id = newId();
        await e.item.create({ ...keys, item_id, kind: KIND[item.section as keyof typeof KIND] ?? "product", category_id: category_id!, position: 1000 + item.row, title: item.title, description: plainDelta(item.description ?? ""), portions, ...given }).go();
        return;
      }
      const fields = changes.get(item.id);
      if (!fields) return;
      const base = { portions, ...given };
      if (result.language === SOURCE_LANGUAGE) {
        // Only what changed: an unchanged description keeps its formatting (the sheet has plain text).
        await e.item
          .patch({ ...keys, item_id: item.id })
          .set({
            ...base,
            title: item.title,
            ...(fields.has("description") ? { description: plainDelta(item.description ?? "") } : {}),
            ...(fields.has("category") && category_id ? { category_id } : {}),
          })
          .go();
      } else if (fields.has("title") || fields.has("description")) {
        // A sheet in another language: the texts staff changed become that language's hand-made
        // translation (unchanged ones, even a fallback the export showed, are left alone).
        const target = (await TARGETS.Item.load(keys, item.id))!;
        const own = target.translations[result.language];
        const entry = {
          ...own,
          ...(fields.has("title") ? { title: item.title } : {}),
          ...(fields.has("description") ? { description: plainDelta(item.description ?? "") } : {}),
          manual: true,
          ...sourceHashes(target, ctx.glossary),
        };
        await e.item.patch({ ...keys, item_id: item.id }).set({ ...base, translations: { ...target.translations, [result.language]: entry } }).go();
      } else {
        await e.item.patch({ ...keys, item_id: item.id }).set(base).go();
      }
    }),
  );
  const done = Math.min(items.length, from + count);
  // Once, after the last chunk: a publish per chunk would render the whole menu again each time.
  if (done >= items.length) {
    await requestStoreTranslation(keys);
    await requestPublish(keys);
  }
  return { done, total: items.length };
});
