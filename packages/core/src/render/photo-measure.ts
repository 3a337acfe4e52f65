/**
 * Measures on a greyscale photo of a printed page (photo-image.ts), plain loops over its bytes: the
 * page's light evened out, its tilt, and the height of its text lines. Ink is what stays darker
 * than INK once the light is even (paper is then about 255 however the room was lit).
 */
export type Grey = { data: Uint8Array; width: number; height: number };

const INK = 150;

/** The pixels of one row (`horizontal`) or column as (first index, step, count), for each row or column. */
function lines(width: number, height: number, horizontal: boolean) {
  return horizontal
    ? { count: height, length: width, first: (line: number) => line * width, step: 1 }
    : { count: width, length: height, first: (line: number) => line, step: width };
}

/** Each pixel's brightest neighbour within `radius` along one axis (van Herk / Gil-Werman: three passes whatever the radius). */
function maxAlong(src: Uint8Array, width: number, height: number, radius: number, horizontal: boolean) {
  const out = new Uint8Array(src.length);
  const { count, length, first, step } = lines(width, height, horizontal);
  const size = 2 * radius + 1;
  const forward = new Uint8Array(length);
  const backward = new Uint8Array(length);
  for (let line = 0; line < count; line++) {
    const start = first(line);
    for (let i = 0; i < length; i++) {
      const value = src[start + i * step]!;
      forward[i] = i % size === 0 ? value : Math.max(forward[i - 1]!, value);
    }
    for (let i = length - 1; i >= 0; i--) {
      const value = src[start + i * step]!;
      backward[i] = i === length - 1 || (i + 1) % size === 0 ? value : Math.max(backward[i + 1]!, value);
    }
    for (let i = 0; i < length; i++) {
      const [from, to] = [Math.max(0, i - radius), Math.min(length - 1, i + radius)];
      out[start + i * step] = Math.max(backward[from]!, forward[to]!);
    }
  }
  return out;
}

/** A box blur of `radius` along one axis (a running sum). */
function blurAlong(src: Uint8Array, width: number, height: number, radius: number, horizontal: boolean) {
  const out = new Uint8Array(src.length);
  const { count, length, first, step } = lines(width, height, horizontal);
  for (let line = 0; line < count; line++) {
    const start = first(line);
    let sum = 0;
    let n = 0;
    for (let i = 0; i < Math.min(radius, length); i++) {
      sum += src[start + i * step]!;
      n++;
    }
    for (let i = 0; i < length; i++) {
      if (i + radius < length) {
        sum += src[start + (i + radius) * step]!;
        n++;
      }
      if (i - radius - 1 >= 0) {
        sum -= src[start + (i - radius - 1) * step]!;
        n--;
      }
      out[start + i * step] = Math.round(sum / n);
    }
  }
  return out;
}

/**
 * The paper's brightness around each pixel: the brightest within `radius` (wider than a letter's
 * stroke, so text drops out), smoothed. Shadows and a vignette change slowly; this follows them.
 */
export function paperLight(grey: Grey, radius: number): Uint8Array {
  const { data, width, height } = grey;
  const max = maxAlong(maxAlong(data, width, height, radius, true), width, height, radius, false);
  return blurAlong(blurAlong(max, width, height, radius, true), width, height, radius, false);
}

/** Each pixel divided by the paper's light behind it: paper becomes white, ink stays dark. */
export function divideByLight(data: Uint8Array, light: Uint8Array): Uint8Array {
  const out = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) out[i] = Math.min(255, Math.round((255 * data[i]!) / Math.max(light[i]!, 32)));
  return out;
}

/** A small greyscale page with its light evened out (the radius is a few letters wide at this size). */
export const evenLight = (grey: Grey, radius: number): Grey => ({ ...grey, data: divideByLight(grey.data, paperLight(grey, radius)) });

/** The ink pixels' coordinates (x then y, flat). */
function inkPoints({ data, width, height }: Grey) {
  const points: number[] = [];
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (data[y * width + x]! < INK) points.push(x, y);
  return points;
}

/** How sharply ink falls into rows when lines run at `tangent` (y grows by it per x): the sum of squared row counts. */
function rowSharpness(points: number[], height: number, width: number, tangent: number) {
  const offset = Math.ceil(Math.abs(tangent) * width);
  const rows = new Float64Array(height + 2 * offset + 2);
  for (let i = 0; i < points.length; i += 2) rows[Math.round(points[i + 1]! - points[i]! * tangent) + offset]!++;
  let sum = 0;
  for (const count of rows) sum += count * count;
  return sum;
}

/**
 * The tilt of the text lines, in degrees (positive: they fall to the right), up to `limit`: the
 * angle at which ink piles into the fewest, fullest rows (a projection profile), coarse then fine.
 */
export function skewDegrees(grey: Grey, limit = 10): number {
  const points = inkPoints(grey);
  if (points.length < 200) return 0;
  const score = (degrees: number) => rowSharpness(points, grey.height, grey.width, Math.tan((degrees * Math.PI) / 180));
  const best = (from: number, to: number, step: number) => {
    let top = { degrees: 0, score: -1 };
    for (let degrees = from; degrees <= to + 1e-9; degrees += step) {
      const s = score(degrees);
      if (s > top.score) top = { degrees, score: s };
    }
    return top.degrees;
  };
  const coarse = best(-limit, limit, 0.5);
  return Math.round(best(coarse - 0.5, coarse + 0.5, 0.05) * 100) / 100;
}

/**
 * The usual height of a line of text (the median run of inked rows, lines straightened by
 * `degrees`), in this picture's pixels; measured in four vertical strips, so the lines of two
 * columns that do not line up are not taken for one tall line. Undefined when no text is found.
 */
export function lineHeight(grey: Grey, degrees: number): number | undefined {
  const strips = 4;
  const stripWidth = Math.ceil(grey.width / strips);
  const tangent = Math.tan((degrees * Math.PI) / 180);
  const offset = Math.ceil(Math.abs(tangent) * grey.width);
  const rows = Array.from({ length: strips }, () => new Uint32Array(grey.height + 2 * offset + 2));
  const points = inkPoints(grey);
  for (let i = 0; i < points.length; i += 2) {
    const x = points[i]!;
    rows[Math.floor(x / stripWidth)]![Math.round(points[i + 1]! - x * tangent) + offset]!++;
  }
  // A row is inked when a letter's worth of its strip is ink (specks and leaders' dots are less).
  const inked = Math.max(2, stripWidth * 0.01);
  const heights: number[] = [];
  for (const strip of rows) {
    let run = 0;
    for (const count of [...strip, 0]) {
      if (count >= inked) run++;
      else {
        if (run >= 3) heights.push(run);
        run = 0;
      }
    }
  }
  if (!heights.length) return undefined;
  heights.sort((a, b) => a - b);
  return heights[Math.floor(heights.length / 2)];
}

/** The share of a box's pixels that are ink: bold text has about half as much again as regular text of its size. */
export function inkShare({ data, width, height }: Grey, box: { x0: number; y0: number; x1: number; y1: number }): number {
  let ink = 0;
  let all = 0;
  for (let y = Math.max(0, box.y0); y < Math.min(height, box.y1); y++) {
    for (let x = Math.max(0, box.x0); x < Math.min(width, box.x1); x++, all++) if (data[y * width + x]! < INK) ink++;
  }
  return all ? ink / all : 0;
}

type Speck = { x0: number; y0: number; x1: number; y1: number; x: number; y: number; size: number };

/** The page's specks (8-connected ink of at most `max` pixels a side): a leader's dots are among them. */
function specks({ data, width, height }: Grey, max: number): Speck[] {
  const seen = new Uint8Array(data.length);
  const stack = new Int32Array(data.length);
  const out: Speck[] = [];
  for (let start = 0; start < data.length; start++) {
    if (seen[start] || data[start]! >= INK) continue;
    seen[start] = 1;
    let top = 0;
    stack[top++] = start;
    let [x0, y0, x1, y1] = [width, height, 0, 0];
    while (top > 0) {
      const at = stack[--top]!;
      const x = at % width;
      const y = (at - x) / width;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const next = ny * width + nx;
          if (!seen[next] && data[next]! < INK) {
            seen[next] = 1;
            stack[top++] = next;
          }
        }
      }
    }
    const [w, h] = [x1 - x0 + 1, y1 - y0 + 1];
    if (w <= max && h <= max && w >= 2 && h >= 2 && w <= h * 2 && h <= w * 2) out.push({ x0, y0, x1, y1, x: (x0 + x1) / 2, y: (y0 + y1) / 2, size: Math.max(w, h) });
  }
  return out;
}

/** A leader has at least this many dots, evenly spaced on one line. */
const LEADER_DOTS = 6;

/**
 * The page with its dotted leaders (runs of LEADER_DOTS or more like specks on one line, set apart
 * evenly by more than twice their size) painted out: the OCR otherwise reads some as rows of
 * letters, slowly (a page's time grew threefold) and into the text. A lone point (a price's decimal
 * point, an ellipsis) stays.
 */
export function withoutLeaders(grey: Grey): Grey {
  const max = Math.max(3, Math.round(grey.width / 200));
  const found = specks(grey, max).sort((a, b) => a.x - b.x);
  type Chain = { dots: Speck[]; step: number };
  const chains: Chain[] = [];
  // The chains still open, by band of `max` pixels of height (a dot's next one is in its band or one beside it).
  const open = new Map<number, Chain[]>();
  const band = (dot: Speck) => Math.floor(dot.y / max);
  for (const dot of found) {
    const near = [-1, 0, 1].flatMap((d) => {
      const list = open.get(band(dot) + d) ?? [];
      // Chains left well behind can take no more dots.
      const kept = list.filter(({ dots }) => dot.x - dots.at(-1)!.x <= max * 6);
      if (kept.length !== list.length) open.set(band(dot) + d, kept);
      return kept;
    });
    const chain = near.find(({ dots, step }) => {
      const last = dots.at(-1)!;
      const gap = dot.x - last.x;
      const size = Math.max(dot.size, last.size);
      if (Math.abs(dot.y - last.y) > size * 0.6 || dot.size > last.size * 1.6 || last.size > dot.size * 1.6) return false;
      if (gap < size * 2 || gap > size * 6) return false;
      return !step || Math.abs(gap - step) <= step * 0.3;
    });
    if (chain) {
      if (!chain.step) chain.step = dot.x - chain.dots.at(-1)!.x;
      chain.dots.push(dot);
    } else {
      const started = { dots: [dot], step: 0 };
      open.set(band(dot), [...(open.get(band(dot)) ?? []), started]);
      chains.push(started);
    }
  }
  const data = new Uint8Array(grey.data);
  for (const { dots } of chains) {
    if (dots.length < LEADER_DOTS) continue;
    // With the dot's blurred rim, lighter than ink; painted the paper's shade around it (no white patch the OCR sees).
    for (const { x0, y0, x1, y1, size } of dots) {
      const rim = Math.max(2, Math.round(size * 0.6));
      const [left, right] = [Math.max(0, x0 - rim), Math.min(grey.width - 1, x1 + rim)];
      const [top, bottom] = [Math.max(0, y0 - rim), Math.min(grey.height - 1, y1 + rim)];
      let sum = 0;
      for (let x = left; x <= right; x++) sum += grey.data[top * grey.width + x]! + grey.data[bottom * grey.width + x]!;
      const paper = Math.round(sum / (2 * (right - left + 1)));
      for (let y = top; y <= bottom; y++) data.fill(paper, y * grey.width + left, y * grey.width + right + 1);
    }
  }
  return { ...grey, data };
}
