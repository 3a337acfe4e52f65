/** The import's file size limit, free of Node imports (the page checks it before sending). */
export const IMPORT_FILE_MAX = 180 * 1024;
