import { atom } from "jotai";
import { atomWithStorage, createJSONStorage } from "jotai/utils";

/**
 * The menu admin's own state of menu editing (SPEC section 3 "app state", its "super-edit flag"):
 * true puts the editing tools (selection, drag handle, quick actions, add) on every card of a
 * category's menu-like view; false previews the menu as guests see it. The switch names the
 * preview, "As guests see it", off by default (issue 50, decision 105): a new owner starts with the
 * tools. Kept in localStorage under its old key, so everyone keeps the choice they made.
 */
export const superEditAtom = atomWithStorage<boolean>("super-edit", true, createJSONStorage<boolean>(() => localStorage), { getOnInit: true });

/**
 * True while an item is being moved to another category: item actions wait for it (SPEC section 3
 * "product-movement-pending"). Not persisted: a reload resets it (SPEC section 4).
 */
export const productMovementPendingAtom = atom(false);
