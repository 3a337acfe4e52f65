/**
 * Rendering adapter: a photo of a printed menu made ready for OCR (import/reading/photo-lines.ts).
 * Decoded within a pixel bound (a HEIC by photo-heic.ts, loaded at the first one; sharp decodes
 * the rest), turned upright (EXIF), straightened (its text lines' tilt measured
 * on a small copy), its light evened out (each pixel divided by the paper's brightness around it,
 * so shadows and a vignette go), and scaled so that a line of text is about LINE_PX high, the size
 * Tesseract reads best; never more than OCR_PIXELS_MAX.
 */
import sharp from "sharp";
import { divideByLight, evenLight, lineHeight, paperLight, skewDegrees, type Grey } from "./photo-measure";

export type { Grey } from "./photo-measure";

/** Height of a line of body text (ascenders to descenders) the OCR gets. */
const LINE_PX = 40;
/** The picture handed to the OCR, at most: its time grows with the pixels. */
const OCR_PIXELS_MAX = 9_000_000;
/** The copy the tilt and line height are measured on, at most this wide or high. */
const MEASURE_PX = 1200;
/** A photo's tilt is straightened up to this; a page turned further is not a tilt (EXIF says so). */
const SKEW_MAX = 10;

export type PhotoFormat = { format: string; pixels: number; decodable: boolean };

/** The header as sharp reads it, nothing decoded; undefined when sharp reads no image in the bytes. */
const header = (bytes: Uint8Array) => sharp(bytes, { limitInputPixels: false }).metadata().catch(() => undefined);

/**
 * HEIC: HEIF with HEVC inside. sharp's prebuilt libvips reads its header (the primary picture's
 * size) but decodes HEIF with AV1 (AVIF) only, HEVC being patent-encumbered: photo-heic.ts does.
 */
const isHeic = (meta: sharp.Metadata) => meta.format === "heif" && meta.compression === "hevc";

/**
 * The header only (nothing decoded, no pixel bound yet): sharp's format name and the pixels.
 * Undefined when sharp reads no image in the bytes.
 */
export async function probePhoto(bytes: Uint8Array): Promise<PhotoFormat | undefined> {
  const meta = await header(bytes);
  if (!meta) return undefined;
  const decodable = ["jpeg", "png", "webp"].includes(meta.format) || (meta.format === "heif" && meta.compression === "av1") || isHeic(meta);
  return { format: meta.format, pixels: (meta.width ?? 0) * (meta.height ?? 0), decodable };
}

/**
 * The photo as sharp takes it, within `maxPixels`: a HEIC decoded to raw RGBA first (its size
 * checked on its header before), any other picture as it is (sharp checks its header).
 */
async function photoInput(bytes: Uint8Array, maxPixels: number): Promise<() => sharp.Sharp> {
  const meta = await header(bytes);
  if (!meta || !isHeic(meta)) return () => sharp(bytes, { limitInputPixels: maxPixels, failOn: "error" });
  const { decodeHeic } = await import("./photo-heic");
  const { data, width, height, channels } = await decodeHeic(bytes, maxPixels);
  return () => sharp(data, { raw: { width, height, channels }, limitInputPixels: maxPixels });
}

export type PreparedPhoto = {
  /** Greyscale PNG, light evened out, straightened and scaled: what the OCR reads. */
  png: Buffer;
  /** The same pixels, raw. */
  grey: Grey;
  width: number;
  height: number;
  /** The tilt straightened, in degrees (positive: the lines fell to the right). */
  skew: number;
  /** Size of the OCR's picture over the upright photo's. */
  scale: number;
};

/** Raw single-channel pixels of a pipeline (transparency over white). */
async function grey(pipeline: sharp.Sharp): Promise<Grey> {
  const { data, info } = await pipeline.flatten({ background: "#ffffff" }).toColourspace("b-w").raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`expected one channel, got ${info.channels}`);
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

const raw = ({ data, width, height }: Grey) => sharp(data, { raw: { width, height, channels: 1 } });

/** A photo prepared for OCR. Rejects when the bytes do not decode or hold more than `maxPixels`. */
export async function preparePhoto(bytes: Uint8Array, maxPixels: number): Promise<PreparedPhoto> {
  const input = await photoInput(bytes, maxPixels);
  const upright = () => input().autoOrient();
  const { width: fullWidth, height: fullHeight } = await upright().metadata().then((m) => ({
    // autoOrient's metadata still names the stored size: a quarter turn swaps it.
    width: (m.orientation ?? 1) >= 5 ? m.height! : m.width!,
    height: (m.orientation ?? 1) >= 5 ? m.width! : m.height!,
  }));

  const small = await grey(upright().resize({ width: MEASURE_PX, height: MEASURE_PX, fit: "inside", withoutEnlargement: true }));
  const measured = evenLight(small, Math.max(8, Math.round(small.width / 60)));
  const skew = skewDegrees(measured, SKEW_MAX);
  const line = lineHeight(measured, skew);
  const smallScale = small.width / fullWidth;
  const wanted = line ? LINE_PX / (line / smallScale) : 1;
  const scale = Math.min(wanted, 4, Math.sqrt(OCR_PIXELS_MAX / (fullWidth * fullHeight)));
  const width = Math.max(1, Math.round(fullWidth * scale));

  const scaled = await grey(upright().resize({ width, kernel: scale < 1 ? "lanczos3" : "cubic" }));
  const straight = Math.abs(skew) < 0.1 ? scaled : await grey(raw(scaled).rotate(-skew, { background: "#ffffff" }));
  const even = await evenFull(straight);
  const png = await raw(even).png({ compressionLevel: 1 }).toBuffer();
  return { png, grey: even, width: even.width, height: even.height, skew, scale };
}

/** The light evened out at full size: the paper's light found on a quarter-size copy (fast), scaled back up. */
async function evenFull(page: Grey): Promise<Grey> {
  const quarter = await grey(raw(page).resize({ width: Math.max(1, Math.round(page.width / 4)) }));
  const light = paperLight(quarter, Math.max(4, Math.round(LINE_PX / 4)));
  const full = await grey(raw({ ...quarter, data: light }).resize({ width: page.width, height: page.height, fit: "fill" }));
  return { ...page, data: divideByLight(page.data, full.data) };
}

/** The top `share` of a prepared picture, scaled by `scale`, as PNG: a quick first look at the page. */
export async function topOfPhoto({ png, width, height }: PreparedPhoto, share: number, scale: number): Promise<Buffer> {
  const top = sharp(png).extract({ left: 0, top: 0, width, height: Math.max(1, Math.round(height * share)) });
  return top.resize({ width: Math.max(1, Math.round(width * scale)) }).png({ compressionLevel: 1 }).toBuffer();
}
