/**
 * What a photo's reading leaves out before and after the OCR (photo-lines.ts), as pure checks on
 * made-up pixels and pieces: a menu's dotted leaders painted out of the picture (render/photo-measure.ts:
 * Tesseract read some as rows of letters, a page's time growing threefold), and a lone letter the
 * OCR is unsure of dropped (photo-rows.ts: a price's "7" read as "у" made its row a heading).
 */
import { describe, expect, it } from "vitest";
import { withoutLeaders, type Grey } from "@menu/core/render/photo-measure";
import { linesOfPieces } from "@menu/core/import/reading/photo-rows";

const PAPER = 235;
type Box = { x: number; y: number; w: number; h: number };

function page(width: number, height: number, ink: Box[]): Grey {
  const data = new Uint8Array(width * height).fill(PAPER);
  for (const { x, y, w, h } of ink) for (let row = y; row < y + h; row++) data.fill(20, row * width + x, row * width + x + w);
  return { data, width, height };
}
const darkest = ({ data, width }: Grey, { x, y, w, h }: Box) => {
  let min = 255;
  for (let row = y; row < y + h; row++) for (let col = x; col < x + w; col++) min = Math.min(min, data[row * width + col]!);
  return min;
};

describe("a photo's dotted leaders", () => {
  // A title's letter, ten leader dots, then a price "1.5": digits with a decimal point between them.
  const letter = { x: 10, y: 20, w: 16, h: 24 };
  const dots = Array.from({ length: 10 }, (_, k) => ({ x: 60 + 12 * k, y: 40, w: 4, h: 4 }));
  const digits = [{ x: 300, y: 20, w: 12, h: 24 }, { x: 322, y: 20, w: 12, h: 24 }];
  const point = { x: 315, y: 40, w: 4, h: 4 };
  const grey = page(1000, 60, [letter, ...dots, ...digits, point]);

  it("are painted out in the paper's shade; letters, digits and a decimal point stay", () => {
    const clean = withoutLeaders(grey);
    for (const dot of dots) expect(darkest(clean, dot)).toBe(PAPER);
    for (const box of [letter, ...digits, point]) expect(darkest(clean, box)).toBe(20);
    // The page handed in is left as it was.
    expect(darkest(grey, dots[0]!)).toBe(20);
  });

  it("are left alone when fewer than six dots make a run (an ellipsis)", () => {
    const ellipsis = page(1000, 60, [letter, ...dots.slice(0, 3)]);
    expect(darkest(withoutLeaders(ellipsis), dots[0]!)).toBe(20);
  });
});

describe("the OCR's pieces", () => {
  const piece = (text: string, x0: number, confidence: number) => ({ text, x0, x1: x0 + 20 * text.length, y0: 100, y1: 130, confidence });

  it("drop a lone letter the OCR is unsure of, keep a sure one", () => {
    const texts = (found: ReturnType<typeof piece>[]) => linesOfPieces(found, false, () => 0.1).map((line) => line.text);
    expect(texts([piece("Warm beef salad", 0, 90), piece("у", 900, 58), piece("Greek", 0, 90)])).not.toContain("у");
    expect(texts([piece("Warm beef salad", 0, 90), piece("S", 900, 91)])).toContain("S");
  });
});
