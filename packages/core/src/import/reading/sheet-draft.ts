/**
 * An owner's own spreadsheet read into a draft (issue 50, point 1) with a mapping of its columns:
 * a row per item, its portions from the price columns (and the weight column, or a price column's
 * header: "0,5 л"). Without a category column a row holding only a title-like value is the
 * heading of the rows below it; several sheets are categories (until a heading in them) or
 * sections, as the owner picked (the draft's categories are one level: draft-rows.ts).
 */
import { ITEM_TITLE_MAX } from "../../item/schemas";
import type { DraftItem, DraftPortion, MenuDraft } from "./draft";
import { DRAFT_ITEMS_MAX } from "./limits";
import type { SheetMapping } from "./sheet-columns-mapping";
import { languageOf, sectionNamed } from "./menu-words";
import { readPrice, readWeight, unitInHeader, weightInHeader } from "./sheet-columns-values";

/** A sheet's rows below its header, with its name. */
export type SheetBody = { name: string; rows: string[][] };

/** The section a sheet's or a heading's name names (the parser's words: menu-words.ts), else the kitchen. */
const sectionOf = (name: string): DraftItem["section"] => sectionNamed(name) ?? "kitchen";

const spaced = (s: string) => s.replace(/\s+/g, " ").trim();

/** The columns mapped to `field`. */
const columnsOf = (mapping: SheetMapping, field: string) => mapping.columns.flatMap((f, c) => (f === field ? [c] : []));

/**
 * The portions of a row: one per price column with a value ("12,50 / 15" in one cell: one per
 * price, paired with the weights "300/500 г"), the weight from the weight column or the price
 * column's header. Doubts: a price or weight given but not read, no price at all.
 */
function portionsOf(cells: string[], headers: string[], mapping: SheetMapping, section: DraftItem["section"]) {
  const doubts = new Set<DraftItem["doubts"][number]>();
  const priceColumns = columnsOf(mapping, "price");
  const [weightColumn] = columnsOf(mapping, "weight");
  const weightText = weightColumn === undefined ? "" : spaced(cells[weightColumn] ?? "");
  // A number alone is in the header's unit ("Вес, г"), else grams (millilitres for drinks).
  const unit = (weightColumn === undefined ? undefined : unitInHeader(headers[weightColumn] ?? "")) ?? (section === "drinks" ? "ml" : "g");
  const weights = weightText.split("/").map((w) => w.trim());
  const unitWord = /\p{L}+\.?$/u.exec(weightText)?.[0] ?? "";
  /** The weight cell's text for the `i`th of `count` prices: its own part of "300/500 г", or the whole cell for the first. */
  const weightFor = (i: number, count: number) => {
    if (count > 1 && weights.length === count) return /\p{L}/u.test(weights[i]!) ? weights[i]! : `${weights[i]} ${unitWord}`.trim();
    return i === 0 ? weightText : "";
  };
  const portion = (priceText: string, weightText: string, priceHeader: string): DraftPortion => {
    const price = priceText ? readPrice(priceText) : undefined;
    if (!price) doubts.add("price");
    // Without a weight of its own, a price column's header may say it ("0,5 л" beside "0,3 л").
    const weight = weightText ? readWeight(weightText, unit) : priceColumns.length > 1 ? weightInHeader(priceHeader) : undefined;
    if (weightText && !weight) doubts.add("weight");
    return { weight: weight?.weight ?? "", unit: weight?.unit ?? unit, price: price?.price ?? "", currency: price?.currency ?? "BYN" };
  };
  const portions: DraftPortion[] = [];
  for (const c of priceColumns) {
    const text = spaced(cells[c] ?? "");
    // "5 / 8": one price per portion, paired with "300/500 г".
    const prices = text ? text.split("/").map((p) => p.trim()) : [];
    // The weight column goes with the first price column that has a price.
    const own = !portions.length;
    prices.forEach((priceText, i) => portions.push(portion(priceText, own ? weightFor(i, prices.length) : "", headers[c] ?? "")));
  }
  if (!portions.length) portions.push(portion("", weightText, ""));
  return { portions, doubts };
}

/**
 * The draft of the sheets' bodies read with `mapping` (`headers`: the first sheet's, "" where it
 * has none), up to DRAFT_ITEMS_MAX items.
 */
export function draftOfSheets(bodies: SheetBody[], headers: string[], mapping: SheetMapping): MenuDraft {
  const items: DraftItem[] = [];
  let truncated = false;
  const [categoryColumn] = columnsOf(mapping, "category");
  let previousSheet: SheetBody | undefined;
  const texts = (cells: string[], field: string) =>
    columnsOf(mapping, field)
      .map((c) => spaced(cells[c] ?? ""))
      .filter(Boolean)
      .join(field === "description" ? " " : " / ");
  // Without a title column no row names an item: nothing is read.
  for (const sheet of columnsOf(mapping, "title").length ? bodies : []) {
    const sheetName = spaced(sheet.name);
    const sheetSection = mapping.sheetsAs === "sections" ? sectionOf(sheetName) : undefined;
    // Sheets as categories: the sheet's name is the category of its rows above any heading (a category column's value comes first).
    const top = mapping.sheetsAs === "categories" ? sheetName : "";
    let heading = "";
    for (const cells of sheet.rows) {
      const filled = cells.slice(0, mapping.columns.length).filter((cell, c) => cell.trim() && mapping.columns[c] !== "skip");
      if (!filled.length) continue;
      const title = texts(cells, "title");
      const hasPrice = columnsOf(mapping, "price").some((c) => (cells[c] ?? "").trim());
      const hasWeight = columnsOf(mapping, "weight").some((c) => (cells[c] ?? "").trim());
      // A heading: no category column, and the row holds one value and no price or weight.
      if (categoryColumn === undefined && filled.length === 1 && !hasPrice && !hasWeight) {
        heading = spaced(filled[0]!);
        continue;
      }
      if (items.length >= DRAFT_ITEMS_MAX) {
        truncated = true;
        break;
      }
      const own = (categoryColumn === undefined ? "" : texts(cells, "category")) || heading;
      const category = own || top;
      const section = sheetSection ?? sectionOf(category);
      const { portions, doubts } = portionsOf(cells, headers, mapping, section);
      // A row with a price and no title under an item of this sheet: another portion of it ("500 г", "12").
      const previous = items.at(-1);
      if (!title && !doubts.has("price") && previous && previousSheet === sheet && previous.category === category) {
        // The item's own row gave no price ("Пицца", "30 см"): its portions are these rows'.
        if (previous.portions.every((p) => !p.price)) {
          previous.portions = [];
          previous.doubts = previous.doubts.filter((d) => d !== "price");
        }
        previous.portions.push(...portions);
        continue;
      }
      previousSheet = sheet;
      if (!title || title.length > ITEM_TITLE_MAX) doubts.add("title");
      items.push({
        section,
        category,
        title,
        description: texts(cells, "description"),
        portions,
        doubts: [...doubts],
      });
    }
    if (truncated) break;
  }
  return { source: "sheet", language: languageOf(items.slice(0, 200).map((i) => `${i.category} ${i.title} ${i.description}`)), pages: bodies.length, items, truncated };
}
