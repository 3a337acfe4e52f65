/**
 * An owner's own menu as read (issue 50): whatever the source (a spreadsheet with its own columns,
 * a PDF, a Word file, pasted text, a photo), it becomes a draft the owner checks and corrects in the
 * preview before anything is written. Confirming turns the draft into the export's rows
 * (draft-rows.ts) and applies them as a spreadsheet import: one way of writing a menu.
 */
import type { CURRENCIES, SECTIONS, UNITS } from "../../shared/model";
import { ImportRefusal } from "../menu-import-errors";

/** Where a draft came from. */
export const DRAFT_SOURCES = ["sheet", "pdf", "docx", "text", "photo"] as const;
export type DraftSource = (typeof DRAFT_SOURCES)[number];

/** A line of a document as its reader saw it: its text, where it stood on its page and how it was set. */
export type TextLine = {
  text: string;
  /** 1-based. */
  page: number;
  /** Left and top edge and size, in the reader's own units (PDF points, photo pixels; pasted text: x 0, y the line's number, height 1). */
  x: number;
  y: number;
  width: number;
  /** The text's height (font size, or the OCR box's height): headings are taller. */
  height: number;
  bold: boolean;
  /** The OCR's confidence in the line, 0–100 (photos only). */
  confidence?: number;
};

/** What the reader was unsure of, shown marked in the preview. */
export const DRAFT_DOUBTS = ["price", "weight", "title", "heading"] as const;
export type DraftDoubt = (typeof DRAFT_DOUBTS)[number];

export type DraftPortion = {
  /** A decimal with a point ("0.5"), "" when the menu gives none. */
  weight: string;
  unit: (typeof UNITS)[number];
  /** A decimal with a point and at most 2 decimals ("12.5"), "" when none could be read. */
  price: string;
  currency: (typeof CURRENCIES)[number];
};

export type DraftItem = {
  /** The section the item goes to (kitchen unless the reader knows better: a "Напитки" heading → drinks). */
  section: Exclude<(typeof SECTIONS)[number], "promotions">;
  /** The category's name as the menu wrote it ("" when the menu has no headings). */
  category: string;
  title: string;
  description: string;
  portions: DraftPortion[];
  doubts: DraftDoubt[];
};

export type MenuDraft = {
  source: DraftSource;
  /** The menu's language as the reader guessed it (the draft's texts are imported as Russian, the source language, either way). */
  language: "ru" | "be" | "en";
  pages: number;
  items: DraftItem[];
  /** True when the source held more than the import's limits and the rest was left out. */
  truncated: boolean;
};

/** A draft that found no item is refused: the owner learns at once that this file will not do. */
export function draftOrRefusal(draft: MenuDraft): MenuDraft {
  if (!draft.items.length) throw new ImportRefusal("nothingRead");
  return draft;
}
