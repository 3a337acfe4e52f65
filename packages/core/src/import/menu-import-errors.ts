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
