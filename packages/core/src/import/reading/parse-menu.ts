/**
 * The one menu parser (issue 50): the positioned, styled lines of a PDF, a Word file, pasted text
 * or a photo become a draft of categories and items. Rows are read in order (menu-rows.ts); a row
 * with a price is an item (menu-values.ts); a row without one is
 *  - a heading when it is set apart from the items' titles: taller, bold where they are not, in
 *    capitals where they are not (a Markdown "#" arrives from text-lines.ts as taller and bold);
 *  - an item's title when the next row holds only its price (a long title's price set below it),
 *    or the start of the next item's title when the title was wrapped over two rows;
 *  - a description when it is set smaller, regular under bold titles, starts in lower case or reads
 *    like one (commas, a full stop, many words), under an item;
 *  - else a heading when items follow it, after a gap or at the start (marked as a doubt when only
 *    its place says so), or a description of the item above.
 * A table's header row ("Блюдо | Выход, г | Цена, руб.") is no item: it gives the bare numbers of the
 * rows below it their units (menu-table.ts).
 * A heading straight after another makes the first a section's heading ("Напитки" over "Кофе",
 * "Чай"): its section holds for the categories below it whose own names say none.
 */
import type { DraftDoubt, DraftItem, DraftSource, MenuDraft, TextLine } from "./draft";
import { DRAFT_ITEMS_MAX } from "./limits";
import { readingRows, type Row } from "./menu-rows";
import { lineValues, withoutLeaders, type LineValues } from "./menu-values";
import { headingName, inCapitals, languageOf, sectionNamed } from "./menu-words";
import { tableHeader, withUnits, type TableColumns } from "./menu-table";

/** Lines a parse looks at (a 20-page PDF holds a few thousand); the rest is left out as too much. */
export const PARSE_LINES_MAX = 20_000;
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 500;
/** Below this OCR confidence a title is marked for the owner to check. */
const CONFIDENCE_LOW = 60;

type Read = { row: Row; values: LineValues; kind: "item" | "values" | "text" };
type Section = DraftItem["section"];
const UNIT_OF_SECTION: Record<Section, DraftItem["portions"][number]["unit"]> = { kitchen: "g", drinks: "ml", hookahs: "pieces", games: "pieces" };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : 0;
};
const priced = (values: LineValues) => values.portions.some((p) => p.price);

/** A row with a title and a price or weight is an item (without a price it is marked), one with values only holds a title's price. */
function kindOf(values: LineValues): Read["kind"] {
  if (!values.portions.length) return "text";
  return values.title ? "item" : "values";
}

/** How the menu sets its items' titles, to tell headings and descriptions from them. */
function bodyOf(reads: Read[]) {
  const items = reads.filter((r) => r.kind === "item");
  const sample = items.length ? items : reads;
  const majority = (test: (r: Read) => boolean) => sample.filter(test).length > sample.length / 2;
  const gaps = reads.map((r) => r.row.gapAbove);
  return {
    height: median(sample.map((r) => r.row.height)) || 1,
    bold: majority((r) => r.row.bold),
    capitals: majority((r) => inCapitals(r.values.title)),
    gap: median(gaps),
  };
}
type Body = ReturnType<typeof bodyOf>;

function headingStyled(read: Read, body: Body) {
  const { row, values } = read;
  if (values.title.length > 60 || values.title.split(" ").length > 8) return false;
  if (row.height >= body.height * 1.12) return true;
  if (row.bold && !body.bold && row.height >= body.height * 0.9) return true;
  return inCapitals(values.title) && !body.capitals;
}

function descriptionStyled({ row, values }: Read, body: Body) {
  if (row.height <= body.height * 0.92) return true;
  if (body.bold && !row.bold) return true;
  const text = values.title;
  return /^\p{Ll}/u.test(text) || text.includes(",") || /\.$/u.test(row.text.trim()) || text.split(" ").length >= 6;
}

/** Set apart from the row above by more than the menu's usual spacing. */
const afterGap = (read: Read, body: Body) => read.row.gapAbove > body.gap + 0.6 * body.height;

/**
 * A title too long for its column, wrapped: the next row, set alike right below it, holds the rest
 * and the price. In pasted text only a rest in lower case says so (a line above an item may be an
 * item without a price there); in a PDF or a photo the layout does.
 */
function wrapsInto(read: Read, next: Read, source: DraftSource) {
  if (next.kind !== "item") return false;
  const { row } = read;
  const alike = Math.abs(next.row.height - row.height) <= 0.05 * row.height && next.row.bold === row.bold && Math.abs(next.row.x - row.x) <= 0.5 * row.height;
  if (!alike || next.row.gapAbove > row.height || next.row.page !== row.page) return false;
  return /^\p{Ll}/u.test(next.values.title) || source === "pdf" || source === "photo";
}

/**
 * An OCR drops a price's comma now and then ("17,90" read "1790"): a whole price of three or four
 * digits twenty times the menu's median is read in roubles and kopecks, and marked.
 */
function restoreLostCommas(items: DraftItem[]) {
  const prices = items.flatMap((i) => i.portions.map((p) => Number(p.price)).filter((p) => p > 0));
  const usual = median(prices);
  for (const item of items) {
    for (const portion of item.portions) {
      if (!/^\d{3,4}$/u.test(portion.price) || Number(portion.price) < 20 * usual) continue;
      portion.price = String(Number(portion.price) / 100);
      if (!item.doubts.includes("price")) item.doubts.push("price");
    }
  }
}

/** Short and capitalised, as a category's name is. */
const headingShaped = (text: string) => /^[\p{Lu}\d«"]/u.test(text) && !text.includes(",") && text.split(" ").length <= 4 && text.length <= 40;

export function parseMenu(lines: TextLine[], source: DraftSource, pages: number): MenuDraft {
  const rows = readingRows(lines.slice(0, PARSE_LINES_MAX));
  const reads: Read[] = [];
  /** The table a header row started: its units hold for the rows below it, up to the next header. */
  let table: TableColumns | undefined;
  for (const row of rows) {
    const header = tableHeader(row.text);
    if (header) {
      table = header;
      continue;
    }
    const values = lineValues(table ? withUnits(withoutLeaders(row.text), table) : row.text);
    reads.push({ row, values, kind: kindOf(values) });
  }
  const body = bodyOf(reads);
  const items: DraftItem[] = [];
  let truncated = lines.length > PARSE_LINES_MAX;
  let category = "";
  let section: Section = "kitchen";
  /** The section a section's heading set for the categories under it. */
  let context: Section | undefined;
  let lastHeading: string | undefined;
  let itemsUnderHeading = 0;
  let headingDoubt = false;
  /** The item descriptions attach to (none right after a heading). */
  let current: DraftItem | undefined;

  const heading = (text: string, byPlaceOnly: boolean) => {
    const name = headingName(text);
    // The menu's first heading over another is its title ("Кофейня «Зерно»"): it names a section only as one word ("Напитки").
    const title = items.length === 0 && !context && lastHeading?.trim().split(/\s+/u).length !== 1;
    if (lastHeading !== undefined && itemsUnderHeading === 0 && !title) context = sectionNamed(lastHeading) ?? context;
    category = name;
    section = sectionNamed(name) ?? context ?? "kitchen";
    lastHeading = name;
    itemsUnderHeading = 0;
    headingDoubt = byPlaceOnly;
    current = undefined;
  };
  const addItem = (read: Read, doubts: DraftDoubt[]) => {
    const title = read.values.title.slice(0, TITLE_MAX);
    const all = new Set<DraftDoubt>([...read.values.doubts, ...doubts]);
    if (read.values.title.length > TITLE_MAX || (read.row.confidence ?? 100) < CONFIDENCE_LOW) all.add("title");
    if (headingDoubt) all.add("heading");
    headingDoubt = false;
    const portions = read.values.portions.map((p) => (p.weight ? p : { ...p, unit: UNIT_OF_SECTION[section] }));
    current = { section, category, title, description: "", portions, doubts: [...all] };
    items.push(current);
    itemsUnderHeading++;
  };
  const describe = (text: string) => {
    if (!current) return;
    current.description = `${current.description} ${text}`.trim().slice(0, DESCRIPTION_MAX);
  };

  for (const [i, read] of reads.entries()) {
    if (items.length >= DRAFT_ITEMS_MAX) {
      truncated = true;
      break;
    }
    const next = reads[i + 1];
    if (read.kind === "values") {
      // A price set below its title: the title's item takes it.
      if (current && !current.portions.some((p) => p.price)) {
        current.portions = read.values.portions.map((p) => (p.weight ? p : { ...p, weight: current!.portions[0]?.weight ?? "", unit: current!.portions[0]?.unit ?? UNIT_OF_SECTION[section] }));
        current.doubts = current.doubts.filter((d) => d !== "price");
      }
      continue;
    }
    if (read.kind === "item") {
      addItem(read, headingStyled(read, body) ? ["heading"] : []);
      continue;
    }
    const text = read.values.title || read.row.text.trim();
    if (headingStyled(read, body)) heading(text, false);
    else if (next?.kind === "values" && priced(next.values)) addItem(read, ["price"]);
    // A gap after an item starts something new (a category), not the rest of a title.
    else if (next && !(current && afterGap(read, body)) && wrapsInto(read, next, source)) next.values.title = `${text} ${next.values.title}`;
    else if (current && descriptionStyled(read, body) && !afterGap(read, body)) describe(read.row.text.trim());
    else if (next?.kind === "item" && (afterGap(read, body) || !current)) heading(text, false);
    else if ((next?.kind === "item" || afterGap(read, body)) && headingShaped(text)) heading(text, true);
    else if (current) describe(read.row.text.trim());
    else heading(text, false);
  }
  if (source === "photo") restoreLostCommas(items);
  return { source, language: languageOf(reads.map((r) => r.row.text)), pages, items, truncated };
}
