/**
 * What each column of an owner's own spreadsheet holds (issue 50, point 1): the guess the import
 * makes and the owner corrects with one select per column. Free of Node imports (the page shows
 * the guess and sends the owner's choice back).
 */
import { z } from "zod";

/** What a column may be; "skip": not imported. */
export const SHEET_FIELDS = ["title", "category", "price", "weight", "description", "skip"] as const;
export type SheetField = (typeof SHEET_FIELDS)[number];
/** Columns a mapping names at most (the rest of a wider sheet is not imported). */
export const SHEET_COLUMNS_MAX = 50;
/** A workbook's sheets become categories or sections; "one": the sheets' names are not used. */
export const SHEETS_AS = ["categories", "sections", "one"] as const;

export const SheetMapping = z.object({
  /** One per column, by position. */
  columns: z.array(z.enum(SHEET_FIELDS)).max(SHEET_COLUMNS_MAX),
  sheetsAs: z.enum(SHEETS_AS),
});
export type SheetMapping = z.infer<typeof SheetMapping>;

/** The columns as the preview shows them, with the mapping it read the sheet with. */
export type SheetColumns = {
  /** The first sheet's header row ("" for each column of a sheet without one). */
  headers: string[];
  /** The mapping the draft was read with: the owner's, the one remembered, or the guess. */
  guess: SheetMapping;
  /** The first 3 values of each column. */
  samples: string[][];
  /** The sheets' names, in the workbook's order (one for a CSV). */
  sheets: string[];
  /** True when `guess` is the mapping remembered for these headers. */
  remembered: boolean;
};
