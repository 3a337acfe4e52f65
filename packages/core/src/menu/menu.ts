import { z } from "zod";
import { CategoryInfo, categoriesOfStore } from "../category/category";
import { ItemInfo, itemsOfStore } from "../item/item";
import { fn } from "../shared/fn";
import { StoreSettings, storeById, toSettings } from "../store/store";

/** What a guest sees of a store: its settings and the visible categories and items, in order. */
export const GuestMenu = z.object({
  store: StoreSettings,
  categories: z.array(CategoryInfo),
  items: z.array(ItemInfo),
});
export type GuestMenu = z.infer<typeof GuestMenu>;

const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position;

export const guestMenu = fn(z.string().min(1), async (store_id): Promise<GuestMenu> => {
  const store = await storeById(store_id);
  const [categories, items] = await Promise.all([
    categoriesOfStore(store.company_id, store_id),
    itemsOfStore(store.company_id, store_id),
  ]);
  const shown = new Set(categories.filter((c) => c.visible).map((c) => c.id));
  // A child of a hidden supercategory is hidden with it.
  const visible = categories.filter((c) => shown.has(c.id) && (!c.parent_id || shown.has(c.parent_id)));
  const visibleIds = new Set(visible.map((c) => c.id));
  return {
    store: toSettings(store),
    categories: visible.sort(byPosition),
    items: items.filter((i) => i.visible && visibleIds.has(i.category_id)).sort(byPosition),
  };
});
