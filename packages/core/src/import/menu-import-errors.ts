/**
 * An error of one cell (row numbers as the spreadsheet shows them, the header being row 1). A file
 * refused as a whole is row 1 with no column, unless the parse found where: then the row and
 * column (letters, as the spreadsheet's own headings show them) and, in a workbook, the sheet.
 */
export type ImportError = { row: number; column: string; code: ImportErrorCode; value?: string; sheet?: string };
/** The codes of a file refused as a whole (the preview's one error). */
export const IMPORT_FILE_REFUSALS = [
  "notASheet",
  "unknownColumns",
  // A CSV in none of the encodings the import reads (csv-text.ts)
  "unreadableEncoding",
  // Refused before it is read (menu-import-limits.ts)
  "unpacksTooLarge",
  "unpacksTooMuch",
  "tooManyRows",
  "cellTooLong",
  "parseTooSlow",
  // An owner's own menu (import/reading/): a PDF without text, too many pages, a photo too large
  // to read, a file of no kind the import reads, or one where no item could be found
  "noTextLayer",
  "tooManyPages",
  "photoTooLarge",
  "unknownFileKind",
  "nothingRead",
] as const;
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
  ...IMPORT_FILE_REFUSALS,
] as const;
export type ImportErrorCode = (typeof IMPORT_ERROR_CODES)[number];

/** Where in the file a refusal was found: the sheet (a workbook's), the row, the column's letters. */
export type RefusalPlace = { sheet?: string; row: number; column?: string };

/** A file refused as a whole: thrown while reading it, shown as the preview's one error. */
export class ImportRefusal extends Error {
  constructor(
    readonly code: ImportErrorCode,
    readonly at?: RefusalPlace,
  ) {
    super(code);
  }

  /** The preview's error: where it was found, else row 1 with no column. */
  get error(): ImportError {
    const { sheet, row, column = "" } = this.at ?? { row: 1 };
    return { row, column, code: this.code, ...(sheet ? { sheet } : {}) };
  }
}
