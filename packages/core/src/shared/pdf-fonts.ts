/**
 * Fonts for the PDFs the service renders (invoices, table cards). pdfkit's built-in fonts have no
 * Cyrillic, DejaVu has no Chinese, so each line is set in a font that has its glyphs; all fonts are
 * npm packages, so a fresh machine and the Lambda bundle (stacks/Api.ts) have them too.
 */
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

const FONT_FILES = {
  regular: "dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
  bold: "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf",
  cjk: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
  arabic: "@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf",
};
export type PdfFont = keyof typeof FONT_FILES;

/** Resolved when a PDF is drawn, not on import: bundles that never draw one need not ship the fonts. */
export const pdfFontPath = (font: PdfFont) => require.resolve(FONT_FILES[font]);

/** Registers every font under its name (`doc.font("cjk")`). */
export function registerPdfFonts(doc: PDFKit.PDFDocument) {
  for (const font of Object.keys(FONT_FILES) as PdfFont[]) doc.registerFont(font, pdfFontPath(font));
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
