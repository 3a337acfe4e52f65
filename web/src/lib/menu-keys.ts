/**
 * The query keys of a store's menu records, which several features read or make read again: the
 * menu admin edits them, the import and the glossary change them, the translations page and the
 * admin's badges share the translation overview. A feature's own keys are in its api.ts.
 */
import type { Section } from "@menu/core/shared/model";

export const menuKeys = {
  /** Every category list of the store (their counts), and one section's. */
  categories: (storeId: string) => ["categories", storeId] as const,
  sectionCategories: (storeId: string, section: Section) => ["categories", storeId, section] as const,
  /** Every item query of the store: a category's pages, one item's form, a search. */
  items: (storeId: string) => ["items", storeId] as const,
  itemPages: (storeId: string, categoryId: string) => ["items", storeId, categoryId] as const,
  item: (storeId: string, itemId: string) => ["items", storeId, "item", itemId] as const,
  itemSearch: (storeId: string, q: string) => ["items", storeId, "search", q] as const,
  /** Every promotions list of the store, and one category's. */
  promotions: (storeId: string) => ["promotions", storeId] as const,
  categoryPromotions: (storeId: string, categoryId: string) => ["promotions", storeId, categoryId] as const,
  /** The translation overview (GET /api/translations), of every store and of one. */
  allTranslations: ["translations"] as const,
  translations: (storeId: string) => ["translations", storeId] as const,
};
