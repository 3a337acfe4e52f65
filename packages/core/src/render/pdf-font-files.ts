/**
 * Rendering adapter: the font files PDFs are set in, as package paths. Kept apart from
 * pdf-fonts.ts (which needs pdfkit's types) because the stacks read it too: a function that draws
 * PDFs ships exactly these files (stacks/bundling.ts), not the font packages with all their weights.
 */
export const PDF_FONT_FILES = {
  regular: "dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
  bold: "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf",
  cjk: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
  arabic: "@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf",
};
