/**
 * A corpus page printed: layout.ts's runs drawn on a white canvas in the menu's font files, at a
 * resolution a phone's photo of an A4 page has (about 200 dpi across the page).
 */
import { createCanvas, GlobalFonts, type Canvas } from "@napi-rs/canvas";
import { CORPUS_FONT_FILES, type CorpusPage } from "./layout";
import type { CorpusFont } from "./menus";

const family = (font: CorpusFont, bold: boolean) => `corpus-${font}${bold ? "-bold" : ""}`;
let registered = false;

/** Each corpus font file under a family name of its own, once. */
function registerFonts() {
  if (registered) return;
  for (const [font, files] of Object.entries(CORPUS_FONT_FILES) as [CorpusFont, { regular: string; bold: string }][]) {
    GlobalFonts.registerFromPath(files.regular, family(font, false));
    GlobalFonts.registerFromPath(files.bold, family(font, true));
  }
  registered = true;
}

/** The page at `dpi` (points are 1/72 inch). */
export function printPage(page: CorpusPage, dpi = 200): Canvas {
  registerFonts();
  const scale = dpi / 72;
  const canvas = createCanvas(Math.round(page.width * scale), Math.round(page.height * scale));
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.textBaseline = "alphabetic";
  for (const run of page.runs) {
    ctx.font = `${(run.size * scale).toFixed(2)}px ${family(run.font, run.bold)}`;
    ctx.fillStyle = run.color;
    ctx.fillText(run.text, run.x * scale, run.baseline * scale);
  }
  return canvas;
}
