/** Headers of a file the browser saves (PDFs, sheets, QR images): never cached, it is someone's data. */
export const download = (name: string) => ({
  "Content-Disposition": `attachment; filename="${name}"`,
  "Cache-Control": "private, no-store",
});

/** A part of a file name made of ASCII letters, digits, dot, dash and underscore (names come from user text). */
export const safeFileName = (s: string, fallback: string) => s.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || fallback;
