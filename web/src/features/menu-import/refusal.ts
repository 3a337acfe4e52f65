import { IMPORT_FILE_REFUSALS } from "@menu/core/import/menu-import-errors";
import type { IntlShape } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";

/** An error as the preview lists it (api.ts's ImportError has this shape). */
type Refusal = { row: number; column: string; code: string; sheet?: string };

/** The preview's one error when the file was refused as a whole (unreadable, a zip bomb, too many rows…). */
export function fileRefusalOf<E extends Refusal>(errors: E[]): E | undefined {
  return errors.length === 1 && (IMPORT_FILE_REFUSALS as readonly string[]).includes(errors[0]!.code) ? errors[0] : undefined;
}

/**
 * A file refused as a whole, and where the server found the reason when it says: the sheet (a
 * workbook's), the row, the column's letters ("A cell has more than 10,000 characters: sheet
 * “Menu”, row 7, column D.").
 */
export function refusalText(intl: IntlShape, refusal: Refusal) {
  const problem = intl.formatMessage({ id: `import.error.${refusal.code}` as MessageId });
  const { sheet, row, column } = refusal;
  if (!sheet && !column && row <= 1) return problem;
  const id = sheet ? (column ? "import.refusedAtCell" : "import.refusedAtRow") : column ? "import.refusedAtCsvCell" : "import.refusedAtCsvRow";
  // The row as the spreadsheet shows it, without a thousands separator.
  return intl.formatMessage({ id }, { problem, sheet, row: String(row), column });
}
