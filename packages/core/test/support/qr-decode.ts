import jsQR from "jsqr";
import { PNG } from "pngjs";

/** The text of a QR code in a PNG, or null. */
export function decodePng(png: Uint8Array) {
  const image = PNG.sync.read(Buffer.from(png));
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

/**
 * The text of a QR code in the SVG the `qrcode` package writes: its dark modules are one stroked
 * path of `M x y` / `m dx dy` moves and `h n` runs (1 unit = 1 module, the quiet zone included).
 * The path is drawn into a bitmap (8 px per module) and decoded.
 */
export function decodeSvg(svg: string) {
  const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  const d = /<path[^>]*stroke="[^"]+"[^>]*d="([^"]+)"/.exec(svg) ?? /<path[^>]*d="([^"]+)"[^>]*stroke=/.exec(svg);
  if (!viewBox || !d) throw new Error("not a qrcode SVG");
  const modules = Number(viewBox[1]);
  const scale = 8;
  const size = modules * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  let x = 0;
  let y = 0;
  for (const [, op, args] of d[1]!.matchAll(/([MmHhVv])([^MmHhVv]*)/g)) {
    const n = args!.trim().split(/[\s,]+/).map(Number);
    if (op === "M") [x, y] = [n[0]!, n[1]!];
    else if (op === "m") [x, y] = [x + n[0]!, y + n[1]!];
    else if (op === "h" || op === "H") {
      const to = op === "h" ? x + n[0]! : n[0]!;
      const row = Math.floor(y);
      for (let c = Math.min(x, to); c < Math.max(x, to); c++)
        for (let py = row * scale; py < (row + 1) * scale; py++)
          for (let px = c * scale; px < (c + 1) * scale; px++) data.fill(0, (py * size + px) * 4, (py * size + px) * 4 + 3);
      x = to;
    } else throw new Error(`unexpected path op ${op}`);
  }
  return jsQR(data, size, size)?.data ?? null;
}
