/**
 * A "photo" of a printed page, as a phone would take it on a table: the page tilted a few degrees
 * and seen a little from below (a keystone), lit unevenly (a shadow across it and darker corners),
 * slightly out of focus, with sensor noise, saved as a JPEG. Deterministic: the seed picks it all.
 */
import { createCanvas, type Canvas } from "@napi-rs/canvas";
// The same seed, the same photo.
import { seeded } from "./menus";

export type Shot = {
  /** Degrees the page is turned (positive: clockwise). */
  tilt: number;
  /** How much narrower the page's top is than its bottom (0–0.1). */
  keystone: number;
  /** Gaussian blur radius in photo pixels. */
  blur: number;
  /** The darkest a shadow or corner gets, 0–1 of full light. */
  dim: number;
  /** Noise's standard deviation in grey levels. */
  noise: number;
  quality: number;
};

/** A shot drawn from the seed: tilt 2–6° either way, some keystone, blur, dim light and noise. */
export function shotOf(seed: number): Shot {
  const random = seeded(seed).next;
  const between = (a: number, b: number) => a + (b - a) * random();
  return {
    tilt: between(2, 6) * (random() < 0.5 ? -1 : 1),
    keystone: between(0, 0.06),
    blur: between(0.6, 1.4),
    dim: between(0.45, 0.7),
    noise: between(3, 8),
    quality: Math.round(between(60, 85)),
  };
}

/** The photo of `page` (a white printed page) as JPEG bytes. */
export async function photograph(page: Canvas, shot: Shot, seed: number): Promise<Uint8Array> {
  const random = seeded(seed * 7919 + 1).next;
  const margin = 0.08;
  const width = Math.round(page.width * (1 + 2 * margin));
  const height = Math.round(page.height * (1 + 2 * margin));
  const photo = createCanvas(width, height);
  const ctx = photo.getContext("2d");
  ctx.fillStyle = "#6b5a48"; // a wooden table
  ctx.fillRect(0, 0, width, height);

  // The page out of focus (blurred once), turned, and drawn in thin strips each a little wider
  // than the one above (the keystone).
  const soft = createCanvas(page.width, page.height);
  const softCtx = soft.getContext("2d");
  softCtx.filter = `blur(${shot.blur.toFixed(2)}px)`;
  softCtx.drawImage(page, 0, 0);
  ctx.save();
  ctx.translate(width / 2, height / 2);
  ctx.rotate((shot.tilt * Math.PI) / 180);
  const strip = 4;
  for (let y = 0; y < page.height; y += strip) {
    const scale = 1 - shot.keystone * (1 - y / page.height);
    const w = page.width * scale;
    ctx.drawImage(soft, 0, y, page.width, strip, -w / 2, y - page.height / 2, w, strip + 0.5);
  }
  ctx.restore();

  // Uneven light: a shadow falling from one side and darker corners.
  ctx.globalCompositeOperation = "multiply";
  const angle = random() * Math.PI * 2;
  const [dx, dy] = [Math.cos(angle) * width * 0.5, Math.sin(angle) * height * 0.5];
  const shadow = ctx.createLinearGradient(width / 2 - dx, height / 2 - dy, width / 2 + dx, height / 2 + dy);
  const dark = Math.round(255 * shot.dim);
  shadow.addColorStop(0, `rgb(${dark},${dark},${dark})`);
  shadow.addColorStop(0.6, "rgb(255,255,255)");
  shadow.addColorStop(1, "rgb(245,242,235)");
  ctx.fillStyle = shadow;
  ctx.fillRect(0, 0, width, height);
  const vignette = ctx.createRadialGradient(width / 2, height / 2, Math.min(width, height) * 0.35, width / 2, height / 2, Math.hypot(width, height) / 2);
  vignette.addColorStop(0, "rgb(255,255,255)");
  vignette.addColorStop(1, "rgb(170,165,160)");
  ctx.fillStyle = vignette;
  ctx.fillRect(0, 0, width, height);
  ctx.globalCompositeOperation = "source-over";

  // Sensor noise (Box–Muller), the same on the three channels.
  const image = ctx.getImageData(0, 0, width, height);
  const { data } = image;
  for (let i = 0; i < data.length; i += 4) {
    const n = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random()) * shot.noise;
    for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, data[i + c]! + n));
  }
  ctx.putImageData(image, 0, 0);
  return new Uint8Array(await photo.encode("jpeg", shot.quality));
}
