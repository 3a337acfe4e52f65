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
  // A CSV in none of the encodings the import reads (csv-text.ts)
  "unreadableEncoding",
  // The whole file, refused before it is read (menu-import-limits.ts)
  "unpacksTooLarge",
  "unpacksTooMuch",
  "tooManyRows",
  "cellTooLong",
  "parseTooSlow",
] as const;
export type ImportErrorCode = (typeof IMPORT_ERROR_CODES)[number];

/** A file refused as a whole (row 1, no column): thrown while reading it, shown as the preview's one error. */
export class ImportRefusal extends Error {
  constructor(readonly code: ImportErrorCode) {
    super(code);
  }
}
