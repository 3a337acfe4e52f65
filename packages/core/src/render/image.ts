/**
 * Rendering adapter: pictures through sharp. Called by the upload use-cases (media/upload.ts),
 * which judge a file and turn a failure here into the specification's messages, and by the table
 * cards (tables/cards.ts), whose logo pdfkit takes only as PNG or JPEG.
 */
import sharp from "sharp";

export type ImageFormat = "jpeg" | "png" | "webp" | "gif" | "avif";

/** sharp's name for each accepted format (AVIF is a HEIF container with AV1 inside). */
const SHARP_FORMAT: Record<ImageFormat, string> = { jpeg: "jpeg", png: "png", gif: "gif", webp: "webp", avif: "heif" };

/**
 * The header only (no pixel limit yet, so the size can be judged before anything is decoded):
 * whether the decoder reads `format` in it, and the pixels of one frame. Throws when sharp cannot read it.
 */
export async function probeImage(bytes: Uint8Array, format: ImageFormat) {
  const meta = await sharp(bytes, { limitInputPixels: false, pages: 1 }).metadata();
  const isFormat = meta.format === SHARP_FORMAT[format] && (format !== "avif" || meta.compression === "av1");
  return { isFormat, pixels: (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) };
}

/** The single image (first frame of an animation) to encode, decoded lazily, refusing more than `maxPixels`. */
export const openImage = (bytes: Uint8Array, maxPixels: number) => sharp(bytes, { limitInputPixels: maxPixels, failOn: "error", pages: 1 });
export type OpenImage = ReturnType<typeof openImage>;

/**
 * One stored size as WebP: upright, sRGB, no metadata (sharp drops EXIF, XMP and ICC unless asked
 * to keep them). Rejects on truncated or corrupt data, which only shows when the pixels are read.
 * A logo keeps its edges and transparency crisp (`sharp`: higher quality, full alpha).
 */
export function webpOf(image: OpenImage, width: number, { sharp: crisp }: { sharp: boolean }) {
  const resized = image.clone().rotate().resize({ width, withoutEnlargement: true });
  const webp = crisp ? resized.webp({ quality: 90, alphaQuality: 100, effort: 4 }) : resized.webp({ quality: 78, effort: 4 });
  return webp.toBuffer();
}

/** Any picture sharp reads, as PNG. */
export const pngOf = (bytes: Uint8Array) => sharp(Buffer.from(bytes)).png().toBuffer();
