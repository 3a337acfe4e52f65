/**
 * Every stored photo also exists in these smaller widths (WebP, same key with a `-{w}w` suffix), so
 * guests' phones download a thumbnail for a card instead of the full picture. Pure: the SPA uses it
 * to build `srcset`, and for the limits it checks before uploading.
 */
export const PHOTO_WIDTHS = [320] as const;
export const FULL_WIDTH = 800;

export const variantKey = (key: string, width: number) => key.replace(/\.webp$/, `-${width}w.webp`);

/**
 * The address of a stored picture: absolute (`/{key}`), so a page at any depth loads it (a relative
 * key on admin-panel/tables/print asked for …/tables/media/… and got 404).
 */
export const mediaUrl = (key: string) => `/${key}`;

/** `srcset` for a stored photo key. */
export const photoSrcSet = (key: string) =>
  [...PHOTO_WIDTHS.map((w) => `${mediaUrl(variantKey(key, w))} ${w}w`), `${mediaUrl(key)} ${FULL_WIDTH}w`].join(", ");

/** What an upload is for: an item photo, a promotion banner, or a store logo (light or dark). */
export const MEDIA_KINDS = ["photo", "banner", "logo"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * Stored sizes per kind. Photos and banners: at most 800 px wide plus the 320 px thumbnail (the
 * same `srcset` for both). Logos: one picture at most 512 px wide (a 56 px header and a printed
 * table card), with transparency kept.
 */
export const MEDIA_SIZES: Record<MediaKind, { full: number; variants: readonly number[] }> = {
  photo: { full: FULL_WIDTH, variants: PHOTO_WIDTHS },
  banner: { full: FULL_WIDTH, variants: PHOTO_WIDTHS },
  logo: { full: 512, variants: [] },
};

/** `srcset` of a stored picture of that kind ("" for a single size). */
export const mediaSrcSet = (key: string, kind: MediaKind) => (MEDIA_SIZES[kind].variants.length ? photoSrcSet(key) : "");

/**
 * The largest upload (bytes of the file as sent). Uploads go through API Gateway to a Lambda,
 * whose request payload (6 MB) carries the body base64-encoded: 4 MB of file fits with room to spare.
 */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
export const MAX_IMAGE_MB = MAX_IMAGE_BYTES / 1024 / 1024;

/** Decoded size guard (a small file can unpack into a huge bitmap): 50 megapixels, above any phone camera. */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const MAX_IMAGE_MEGAPIXELS = MAX_IMAGE_PIXELS / 1_000_000;

/**
 * What is wrong with a picture before it is sent, by the server's limits: the file's bytes, and the
 * width × height it decodes to (each its own message). The SPA checks both in the browser, the
 * server again on upload.
 */
export function imageLimitProblem({ bytes, width, height }: { bytes: number; width?: number; height?: number }): "imageTooLarge" | "imageTooManyPixels" | null {
  if (width !== undefined && height !== undefined && width * height > MAX_IMAGE_PIXELS) return "imageTooManyPixels";
  if (bytes > MAX_IMAGE_BYTES) return "imageTooLarge";
  return null;
}

/** The formats accepted (judged by content on the server) as the file picker's `accept`. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";

/** A key the upload call answered: `media/{company}/{store}/{kind}-{uuid}.webp` (demo data has no kind prefix). */
export const MEDIA_KEY = /^media\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_-]{1,64}\/(?:(?:photo|banner|logo)-)?[0-9a-f-]{36}\.webp$/;

/** Whether a stored key lies in that store's media folder (an item may only show its own store's pictures). */
export const isMediaKeyOf = (key: string, store: { company_id: string; store_id: string }) =>
  MEDIA_KEY.test(key) && key.startsWith(`media/${store.company_id}/${store.store_id}/`);

/** Cache-Control of a stored picture: its key is new for every upload or copy, so it never changes. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
