import { SOURCE_LANGUAGE } from "@menu/core/shared/model";
import type { GuestIntl } from "./intl";
import type { PublishedIndex } from "./model";

/**
 * The guest page's title and description in the menu's language. The store's SEO texts are
 * written in the source language and have no translations, so they serve the source menu only;
 * other languages get the store's name (in the language when staff gave one) with the catalog's words.
 */
export function pageMeta({ language, store }: Pick<PublishedIndex, "language" | "store">, intl: GuestIntl) {
  const own = language === SOURCE_LANGUAGE;
  const name = store.name;
  return {
    title: (own && store.seo_title) || intl.formatMessage({ id: "menu.seo.title" }, { name }),
    description: (own && store.seo_description) || intl.formatMessage({ id: "menu.seo.description" }, { name }),
  };
}
