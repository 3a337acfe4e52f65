/**
 * Rendering adapter: the rows of an Excel workbook's first sheet (read-excel-file), cells as the
 * library reads them. Called by the menu import (import/menu-import-sheet.ts), which judges them.
 */
import { readSheet } from "read-excel-file/universal";

/**
 * Rejects when the bytes are no workbook. The universal reader (fflate on an ArrayBuffer): the
 * Node one brings a stream unzipper and graceful-fs.
 */
export const sheetRows = (bytes: Buffer<ArrayBuffer>) => readSheet(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
