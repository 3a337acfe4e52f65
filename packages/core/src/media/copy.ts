/**
 * A picture copied into another store's media folder (issue 36: a menu copied between stores). The
 * copy has its own key, so the store's records only ever name its own files (isMediaKeyOf) and
 * nothing the source does later (a delete, a cleanup) reaches it.
 */
import { randomUUID } from "node:crypto";
import { usePorts } from "../ports";
import { IMMUTABLE, MEDIA_SIZES, variantKey } from "./variants";

/** A new photo key in `to`'s folder: named before the copy, so a copy's undo can name it first. */
export const newPhotoKey = (to: { company_id: string; store_id: string }) => `media/${to.company_id}/${to.store_id}/photo-${randomUUID()}.webp`;

/** Copies the picture at `key` (with its sizes) to `copy`; false when the source picture is gone. */
export async function copyPhoto(key: string, copy: string) {
  const objects = usePorts().objects;
  const full = await objects.get(key);
  if (!full) return false;
  // Variants first, as an upload writes them: once the main key exists, its sizes do too.
  for (const width of MEDIA_SIZES.photo.variants) {
    const variant = await objects.get(variantKey(key, width));
    if (variant) await objects.put(variantKey(copy, width), variant.body, variant.contentType, { cacheControl: IMMUTABLE });
  }
  await objects.put(copy, full.body, full.contentType, { cacheControl: IMMUTABLE });
  return true;
}

/** Deletes a photo and its sizes (a copy undone). */
export async function deletePhoto(key: string) {
  const objects = usePorts().objects;
  await Promise.all([key, ...MEDIA_SIZES.photo.variants.map((width) => variantKey(key, width))].map((k) => objects.delete(k)));
}
