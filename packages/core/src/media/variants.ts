/**
 * Every stored photo also exists in these smaller widths (WebP, same key with a `-{w}w` suffix), so
 * guests' phones download a thumbnail for a card instead of the full picture. Pure: the SPA uses it
 * to build `srcset`.
 */
export const PHOTO_WIDTHS = [320] as const;
export const FULL_WIDTH = 800;

export const variantKey = (key: string, width: number) => key.replace(/\.webp$/, `-${width}w.webp`);

/** `srcset` for a stored photo key (served from `/{key}`). */
export const photoSrcSet = (key: string) =>
  [...PHOTO_WIDTHS.map((w) => `/${variantKey(key, w)} ${w}w`), `/${key} ${FULL_WIDTH}w`].join(", ");
