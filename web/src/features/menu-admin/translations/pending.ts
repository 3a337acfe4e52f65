import { atom, type PrimitiveAtom } from "jotai";

/**
 * The menu admin's own state, the SPEC's "pending translation id lists" (section 3): the items (products, hookahs, games) and
 * the categories saved in this tab whose machine translation has not come back yet. The admin panel
 * polls their statuses (SPEC sections 4 and 9, use-translation-polling.ts).
 * Not persisted: a reload resets them (SPEC section 4), like productMovementPendingAtom.
 */
export const pendingProductIdsAtom = atom<string[]>([]);
export const pendingCategoryIdsAtom = atom<string[]>([]);

/**
 * Adds ids to a pending list. Always a new list, even when the ids were pending already: a save
 * restarts the debounce before the first poll.
 */
const adder = (list: PrimitiveAtom<string[]>) =>
  atom(null, (get, set, ids: string | string[]) => {
    const added = typeof ids === "string" ? [ids] : ids;
    set(list, [...get(list).filter((id) => !added.includes(id)), ...added]);
  });

export const addPendingProductsAtom = adder(pendingProductIdsAtom);
export const addPendingCategoriesAtom = adder(pendingCategoryIdsAtom);
