/**
 * Reading an import file: CSV or Excel rows, the header row's language and columns, and the items
 * of the rows. Runs in a sheet worker (menu-import-read.ts), never on the thread answering requests.
 */
import { WORDS } from "../shared/menu-rows";
import { markByName, ALLERGENS, DIET_TAGS, inMarkOrder, type Allergen, type DietTag } from "../item/marks";
import { ItemTitle, Price, Weight } from "../item/schemas";
import { columnLetters, readBounded } from "../render/sheet-worker";
import { unescapeCell } from "../shared/sheet-cell";
import { letOthersRun, ROWS_PER_SLICE } from "../shared/yield";
import { CURRENCIES, MENU_LANGUAGES, SECTIONS, UNITS, type MenuLanguage } from "../shared/model";
import { csvText } from "./csv-text";
import { ImportRefusal, type ImportError, type ImportErrorCode } from "./menu-import-errors";
import { IMPORT_CELL_MAX, IMPORT_ROWS_MAX, IMPORT_UNPACK_RATIO_MAX, IMPORT_UNPACKED_MAX } from "./menu-import-limits";

export const COLUMN_KEYS = ["section", "category", "title", "description", "portion", "price", "currency", "allergens", "tags", "visible", "id"] as const;
type ColumnKey = (typeof COLUMN_KEYS)[number];

export type Portion = { weight: string; unit: (typeof UNITS)[number]; price: string; currency: (typeof CURRENCIES)[number] };
/** One item as the sheet has it (its rows grouped: one per portion). */
export type SheetItem = {
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
export const spaced = (s: string) => s.replace(/\s+/g, " ").trim();
const lower = (s: string) => spaced(s).toLocaleLowerCase();

/** CSV as spreadsheets write it: commas or semicolons, quoted fields with doubled quotes, CRLF. */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, "");
  const firstLine = body.split(/\r?\n/, 1)[0] ?? "";
  // What the header row holds most of: commas, semicolons (where the decimal mark is a comma) or tabs (Excel's "Unicode text").
  const separator = [",", ";", "\t"].reduce((most, s) => (firstLine.split(s).length > firstLine.split(most).length ? s : most));
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

/** A CSV file's rows, in whichever encoding it was saved (csv-text.ts): Windows-1251 only when its header is the export's. */
function csvRows(bytes: Uint8Array) {
  const text = csvText(bytes, (decoded) => headerOf(parseCsv(decoded)[0] ?? []) !== undefined);
  if (text === undefined) throw new ImportRefusal("unreadableEncoding");
  return parseCsv(text);
}

/** What a workbook may unpack to and hold (the worker's CPU time is the pool's to limit). */
export const IMPORT_SHEET_LIMITS = { maxUnpacked: IMPORT_UNPACKED_MAX, maxRatio: IMPORT_UNPACK_RATIO_MAX, maxRows: IMPORT_ROWS_MAX, maxCell: IMPORT_CELL_MAX };

/** A workbook's rows, within the import's limits. */
async function workbookRows(bytes: Uint8Array): Promise<string[][]> {
  const read = await readBounded({ bytes, limits: IMPORT_SHEET_LIMITS });
  if ("refused" in read) {
    if (read.refused === "notASheet") return [];
    throw new ImportRefusal(read.refused, read.at);
  }
  return read.rows.map((r) => r.map(cellText));
}

/**
 * The file's non-empty rows, or an ImportRefusal: a workbook that would unpack too far, or any file
 * with too many rows or too long a cell, with where it was found. (A CSV is a single linear pass
 * over at most IMPORT_FILE_MAX bytes; the rows and cells of both kinds are checked again once read,
 * numbered as the preview numbers them.)
 */
export async function readTable(file_name: string, bytes: Uint8Array): Promise<string[][]> {
  const rows = (/\.csv$/i.test(file_name) ? csvRows(bytes) : await workbookRows(bytes)).filter((r) => r.some((cell) => cell.trim()));
  if (rows.length > IMPORT_ROWS_MAX) throw new ImportRefusal("tooManyRows", { row: IMPORT_ROWS_MAX + 1 });
  for (let row = 0; row < rows.length; row++) {
    const column = rows[row]!.findIndex((cell) => cell.length > IMPORT_CELL_MAX);
    if (column >= 0) throw new ImportRefusal("cellTooLong", { row: row + 1, column: columnLetters(column) });
  }
  return rows;
}

/** The sheet's language and where each column is, from its header row (any menu language's column names). */
export function headerOf(header: string[]): { lang: MenuLanguage; at: Partial<Record<ColumnKey, number>> } | undefined {
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
export const decimal = (s: string) => s.replace(/\s/g, "").replace(",", ".");

/** Reads the sheet's rows into items, or cell errors (in slices, letting other requests run between them). */
export async function readItems(table: string[][], lang: MenuLanguage, at: Partial<Record<ColumnKey, number>>) {
  const w = WORDS[lang];
  const columnName = (key: ColumnKey) => w.columns[COLUMN_KEYS.indexOf(key)]!;
  const errors: ImportError[] = [];
  const items: SheetItem[] = [];
  const sections = new Map(Object.entries(w.sections).map(([key, name]) => [lower(name), key as SheetItem["section"]]));
  const units = new Map<string, Portion["unit"]>();
  for (const l of MENU_LANGUAGES) for (const [unit, name] of Object.entries(WORDS[l].units)) units.set(lower(name), unit as Portion["unit"]);
  for (const unit of UNITS) units.set(unit, unit);

  const readRow = (cells: string[], index: number) => {
    const row = index + 2;
    // Without the apostrophe the export put before formula-like text (shared/sheet-cell.ts).
    const get = (key: ColumnKey) => (at[key] === undefined ? "" : unescapeCell(cells[at[key]!] ?? "").trim());
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
  };
  for (let index = 0; index < table.length - 1; index++) {
    if (index % ROWS_PER_SLICE === ROWS_PER_SLICE - 1) await letOthersRun();
    readRow(table[index + 1]!, index);
  }
  return { items, errors };
}
