import { atom } from "jotai";
import { atomWithStorage, createJSONStorage } from "jotai/utils";

/**
 * The menu admin's own state of menu editing (SPEC section 3 "app state"). Super-edit (on by default, SPEC section 9) puts quick
 * actions on every card of a category's menu-like view; off, the pane previews the menu as guests
 * see it. Kept in localStorage.
 */
export const superEditAtom = atomWithStorage<boolean>("super-edit", true, createJSONStorage<boolean>(() => localStorage), { getOnInit: true });

/**
 * True while an item is being moved to another category: item actions wait for it (SPEC section 3
 * "product-movement-pending"). Not persisted: a reload resets it (SPEC section 4).
 */
export const productMovementPendingAtom = atom(false);
