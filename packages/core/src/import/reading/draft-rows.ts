/**
 * A confirmed draft as the export's rows (issue 50): the page writes the owner's corrected draft as
 * a CSV with the export's Russian columns and imports it as any spreadsheet (preview, then the
 * chunked all-or-nothing apply), so there is one way of writing a menu. Pure: the SPA imports it.
 */
import { WORDS } from "../../shared/menu-rows";
import { escapeCell } from "../../shared/sheet-cell";
import type { DraftItem, MenuDraft } from "./draft";

/** The columns written: the export's first seven (section … currency); no ID, so every row is a new item. */
const COLUMNS = 7;

/** Which item and portion of the draft a row holds (the preview's row numbers map back to them). */
export type DraftRowPlace = { item: number; portion: number };

const words = WORDS.ru;

/**
 * A category's name as one level: the import reads "A / B" as a subcategory, which a menu's own
 * heading ("Пиво / сидр") never means. A draft item without a heading goes to a category named
 * after its section ("Кухня"), since every item needs one.
 */
export const categoryName = (item: Pick<DraftItem, "category" | "section">) => item.category.replace(/\s+\/\s+/g, "/").trim() || words.sections[item.section]!;

/**
 * A portion as the export writes it: "300 г", "0.5 л". One the menu gave no weight for is one piece
 * ("1"): the guest menu shows "1 шт." beside its price, which reads right for a dish or a glass, and
 * the owner may correct it in the draft.
 */
function portionText(weight: string, unit: DraftItem["portions"][number]["unit"]) {
  if (!weight.trim()) return "1";
  return `${weight.trim()} ${words.units[unit] ?? unit}`;
}

/** A CSV field: quoted when it holds a separator, a quote or a line break; formula-like text escaped as the export escapes it. */
function field(text: string) {
  const cell = escapeCell(text);
  return /[",;\t\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** The draft's rows (one per portion; an item without portions is one row with no price), each with its place in the draft. */
export function draftRows(draft: MenuDraft): { cells: string[]; place: DraftRowPlace }[] {
  return draft.items.flatMap((item, i) => {
    const portions = item.portions.length ? item.portions : [{ weight: "", unit: "pieces" as const, price: "", currency: "BYN" as const }];
    return portions.map((p, portion) => ({
      cells: [words.sections[item.section]!, categoryName(item), item.title.trim(), item.description.trim(), portionText(p.weight, p.unit), p.price.trim(), p.currency],
      place: { item: i, portion },
    }));
  });
}

/** The draft as a CSV file's text: the export's Russian header, then one row per portion (CRLF, as spreadsheets write it). */
export function draftCsv(draft: MenuDraft): string {
  const lines = [words.columns.slice(0, COLUMNS), ...draftRows(draft).map((r) => r.cells)];
  return lines.map((cells) => cells.map(field).join(",")).join("\r\n") + "\r\n";
}

/** The draft's item and portion of a row as the preview numbers it (the header is row 1), or undefined. */
export function placeOfRow(draft: MenuDraft, row: number): DraftRowPlace | undefined {
  return draftRows(draft)[row - 2]?.place;
}
