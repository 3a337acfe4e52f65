/** The demo's pictures: drawn once per seed (art.ts), stored with their smaller widths as uploads are. */
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { usePorts } from "@menu/core";
import { PHOTO_WIDTHS, variantKey } from "@menu/core/media/variants";
import { bannerSvg, logoSvg, photoSvg, toWebp } from "./art";
import { PROMOTIONS, SECTIONS_SPEC, STORES, type CategorySpec, type StoreKey } from "./catalogue";

export type Art = { photos: Map<string, Buffer>; banners: Buffer[]; logos: Record<StoreKey, { light: Buffer; dark: Buffer }> };

function leafCategories(categories: CategorySpec[]): CategorySpec[] {
  return categories.flatMap((c) => (c.children ? leafCategories(c.children) : [c]));
}

/** Draws every picture once (about 35): one per leaf category, the banners and the logos. */
export async function drawArt(): Promise<Art> {
  const leaves = SECTIONS_SPEC.flatMap((s) => leafCategories(s.categories));
  const banners = PROMOTIONS.flatMap((c) => c.promotions);
  const storeKeys = Object.keys(STORES) as StoreKey[];
  const [photos, bannerBuffers, logoBuffers] = await Promise.all([
    Promise.all(leaves.map(async (c) => [c.name[0], await toWebp(photoSvg(c.name[0], c.glyph, c.palette))] as const)),
    Promise.all(banners.map((p) => toWebp(bannerSvg(p.header[0], p.glyphs, p.palette)))),
    Promise.all(
      storeKeys.map(async (key) => {
        const { glyph, accent } = STORES[key].logo;
        const [light, dark] = await Promise.all([
          toWebp(logoSvg(glyph, accent, "#2d2a26"), { lossless: true }),
          toWebp(logoSvg(glyph, accent, "#fdf7ee"), { lossless: true }),
        ]);
        return [key, { light, dark }] as const;
      }),
    ),
  ]);
  return {
    photos: new Map(photos),
    banners: bannerBuffers,
    logos: Object.fromEntries(logoBuffers) as Art["logos"],
  };
}

/** Stores a picture (and its smaller widths) under the store's media folder and returns its key. */
export async function putMedia(company_id: string, store_id: string, body: Buffer) {
  const key = `media/${company_id}/${store_id}/${randomUUID()}.webp`;
  await usePorts().objects.put(key, body, "image/webp");
  await Promise.all(
    PHOTO_WIDTHS.map(async (width) =>
      usePorts().objects.put(variantKey(key, width), await sharp(body).resize({ width }).webp({ quality: 70 }).toBuffer(), "image/webp"),
    ),
  );
  return key;
}
