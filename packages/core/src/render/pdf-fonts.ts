/**
 * Rendering adapter: the fonts of the PDFs that render/ draws (menu-pdf.ts, invoice-pdf.ts,
 * table-cards-pdf.ts start from `pdfDocument` and set their text with `pdfLine`). pdfkit's built-in
 * fonts have no Cyrillic, DejaVu has no Chinese, so each line is set in a font that has its glyphs;
 * all fonts are npm packages, so a fresh machine has them; a Lambda that draws PDFs gets these
 * files beside its bundle, at the same package paths (stacks/bundling.ts).
 */
import PDFDocument from "pdfkit";
import { createRequire } from "node:module";
import { PDF_FONT_FILES } from "./pdf-font-files";

const require = createRequire(import.meta.url);

export type PdfFont = keyof typeof PDF_FONT_FILES;

/** Resolved when a PDF is drawn, not on import: bundles that never draw one need not ship the fonts. */
export const pdfFontPath = (font: PdfFont) => require.resolve(PDF_FONT_FILES[font]);

/** A PDF with every font registered, and its bytes once `doc.end()` was called. */
export function pdfDocument(options: PDFKit.PDFDocumentOptions) {
  const doc = registerPdfFonts(new PDFDocument(options));
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((ok, fail) => {
    doc.on("end", () => ok(Buffer.concat(chunks)));
    doc.on("error", fail);
  });
  return { doc, done };
}

/** Registers every font under its name (`doc.font("cjk")`). */
export function registerPdfFonts(doc: PDFKit.PDFDocument) {
  for (const font of Object.keys(PDF_FONT_FILES) as PdfFont[]) doc.registerFont(font, pdfFontPath(font));
  return doc;
}

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;
const CJK = /[\u3000-\u303F\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]/;

/**
 * A line of text with the font that has its glyphs. fontkit shapes Arabic letters; without the
 * `rtla` feature pdfkit places an Arabic line's words left to right and drops a space, with it the
 * line reads right to left (checked on rendered pixels in pdf-fonts.test.ts).
 */
export function pdfLine(text: string, font: Exclude<PdfFont, "cjk" | "arabic"> = "regular") {
  if (ARABIC.test(text)) return { font: "arabic" as const, text, features: ["rtla"] as PDFKit.Mixins.OpenTypeFeatures[] };
  if (CJK.test(text)) return { font: "cjk" as const, text, features: undefined };
  return { font, text, features: undefined };
}
