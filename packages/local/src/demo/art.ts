/**
 * Pictures of the demo venue, drawn at seed time (nothing is downloaded): a soft gradient in the
 * category's colours with a simple flat glyph of the dish or drink. No text is drawn, so the result
 * does not depend on the fonts installed on the machine.
 */
import sharp from "sharp";
import { glyphs, SHADOW, type Glyph, type Palette } from "./glyphs";
import { rng } from "./random";

/** Soft scattered circles that make each background a little different (seeded, so stable). */
function confetti(seed: string, width: number, height: number, count: number) {
  const r = rng(seed);
  let out = "";
  for (let i = 0; i < count; i++) {
    const cx = Math.round(r() * width);
    const cy = Math.round(r() * height);
    const radius = Math.round(8 + r() * (height / 6));
    out += `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="#ffffff" fill-opacity="${(0.05 + r() * 0.08).toFixed(2)}"/>`;
  }
  return out;
}

function background(id: string, palette: Palette, width: number, height: number) {
  const [from, to] = palette;
  return `
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
      </linearGradient>
      <radialGradient id="glow" cx="0.5" cy="0.45" r="0.6">
        <stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
      </radialGradient>
    </defs>
    <rect width="${width}" height="${height}" fill="url(#bg)"/>
    ${confetti(id, width, height, 14)}
    <rect width="${width}" height="${height}" fill="url(#glow)"/>`;
}

/** A photo-like picture of one dish or drink: 800x600. */
export function photoSvg(id: string, glyph: Glyph, palette: Palette) {
  const [w, h] = [800, 600];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    ${background(id, palette, w, h)}
    <ellipse cx="400" cy="500" rx="230" ry="30" fill="${SHADOW}"/>
    <g transform="translate(200 100) scale(2)">${glyphs[glyph](palette[2])}</g>
  </svg>`;
}

/** A promotion banner: 1200x600, with one or more glyphs over a wider gradient. */
export function bannerSvg(id: string, glyphList: Glyph[], palette: Palette) {
  const [w, h] = [1200, 600];
  const step = w / (glyphList.length + 1);
  const size = glyphList.length > 2 ? 1.6 : 2;
  const parts = glyphList
    .map((g, i) => {
      const x = step * (i + 1) - 100 * size;
      const y = h / 2 - 100 * size + (i % 2 ? 20 : -10);
      return `<g transform="translate(${x} ${y}) scale(${size})">${glyphs[g](palette[2])}</g>`;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    ${background(id, palette, w, h)}
    <path d="M0 ${h - 90} C ${w / 3} ${h - 150}, ${(2 * w) / 3} ${h - 30}, ${w} ${h - 110} V ${h} H 0 Z" fill="#ffffff" fill-opacity="0.12"/>
    ${parts}
  </svg>`;
}

/** Stroke letters D, E, M, O for the word mark (drawn as paths, no font needed). */
const LETTERS: Record<string, string> = {
  D: "M0 0 V80 H22 C52 80 60 60 60 40 C60 20 52 0 22 0 Z",
  E: "M50 0 H0 V80 H50 M0 40 H40",
  M: "M0 80 V0 L32 46 L64 0 V80",
  O: "M32 0 C8 0 0 20 0 40 C0 60 8 80 32 80 C56 80 64 60 64 40 C64 20 56 0 32 0 Z",
};
const LETTER_WIDTH: Record<string, number> = { D: 60, E: 50, M: 64, O: 64 };

/**
 * The store's logo, 600x200 with a transparent background: a round emblem with the venue's glyph
 * and the word DEMO. `ink` is the colour of the mark: dark for light backgrounds and vice versa.
 */
export function logoSvg(glyph: Glyph, accent: string, ink: string) {
  let x = 0;
  const word = [..."DEMO"]
    .map((ch) => {
      const path = `<path d="${LETTERS[ch]}" transform="translate(${x} 0)" fill="none" stroke="${ink}" stroke-width="12" stroke-linejoin="round" stroke-linecap="round"/>`;
      x += (LETTER_WIDTH[ch] ?? 60) + 26;
      return path;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200" viewBox="0 0 600 200">
    <circle cx="100" cy="100" r="86" fill="${accent}"/>
    <circle cx="100" cy="100" r="86" fill="none" stroke="${ink}" stroke-width="6"/>
    <g transform="translate(40 40) scale(0.6)">${glyphs[glyph](ink)}</g>
    <g transform="translate(218 60)">${word}</g>
  </svg>`;
}

/** Renders an SVG to WebP (quality 70 keeps a photo at about 10-30 KB). */
export function toWebp(svg: string, options: { lossless?: boolean } = {}) {
  return sharp(Buffer.from(svg))
    .webp(options.lossless ? { lossless: true, effort: 2 } : { quality: 70, effort: 3 })
    .toBuffer();
}
