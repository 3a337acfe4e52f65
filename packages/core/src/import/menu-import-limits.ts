/** The import's limits, free of Node imports (the page checks the file size before sending). */
export const IMPORT_FILE_MAX = 180 * 1024;
/** What a workbook may unpack to: in all, and as a multiple of its own size (a zip bomb is far above both). */
export const IMPORT_UNPACKED_MAX = 20 * 1024 * 1024;
export const IMPORT_UNPACK_RATIO_MAX = 100;
/** Rows of a sheet (the header included) and characters of one cell. */
export const IMPORT_ROWS_MAX = 5000;
export const IMPORT_CELL_MAX = 10_000;
/** A workbook's parse is stopped after this much of its worker's CPU time (the file is refused). */
export const IMPORT_PARSE_MS = 10_000;
/**
 * The backstop, by the wall clock from the request (waiting for a worker included): a parse not
 * done by then, still under its CPU time, is answered "busy" (503), not blamed on the file.
 * 2.5× the CPU limit, and inside the API's 29 s Lambda, so the answer comes before API Gateway gives up.
 */
export const IMPORT_PARSE_WALL_MS = 25_000;
