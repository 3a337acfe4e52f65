/** Shared vocabulary of the specification (SPEC.md section 3) and PRODUCT.md. */
export const SERVICE = "menu";

export const UI_LOCALES = ["ru", "en", "zh"] as const;
export const MENU_LANGUAGES = ["ru", "en", "zh", "ar", "tr", "fr"] as const;
export type MenuLanguage = (typeof MENU_LANGUAGES)[number];
export const TRANSLATION_TARGETS = ["en", "zh", "ar", "tr", "fr"] as const;
/** What is translated: menu contents, and the store's own texts (its address and phone notes; one per store, its id the store's). */
export const TARGET_TYPES = ["Item", "Category", "Promotion", "Store"] as const;
export type TargetType = (typeof TARGET_TYPES)[number];
/** A translation job's error when no engine is configured; the SPA tells it apart from the engine's own errors. */
export const NO_ENGINE_REASON = "no translation engine configured";
/** The language staff write the menu in; every other menu language is translated from it. */
export const SOURCE_LANGUAGE = "ru";

export const CATEGORY_TYPES = ["products", "hookahs", "entertainment", "promotions"] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];
/** Menu sections and the category type each one lists. Kitchen and drinks are both "products". */
export const SECTIONS = ["kitchen", "drinks", "hookahs", "games", "promotions"] as const;
export type Section = (typeof SECTIONS)[number];

export const ITEM_KINDS = ["product", "hookah", "game"] as const;
export const UNITS = ["g", "kg", "l", "ml", "pieces"] as const;
export const CURRENCIES = ["BYN", "USD"] as const;
export const DEFAULT_CURRENCY = "BYN";
export const DEFAULT_TIME_ZONE = "Europe/Minsk";

export const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

export const PLANS = ["trial", "basic", "premium", "premium_unlimited"] as const;
export const SUBSCRIPTION_STATUSES = ["unpaid", "paid", "available", "active", "completed", "deactivated"] as const;
export const SUBSCRIPTION_EVENTS = ["added", "activated", "completed", "deactivated"] as const;
export const TRANSLATION_STATUSES = ["queued", "in_progress", "error", "completed"] as const;
export const WIFI_ENCRYPTIONS = ["WPA", "WEP", "nopass"] as const;

import { clock } from "./clock";

/** Timestamps are ISO strings from the clock port; created/updated are kept on every entity. */
export const timestamps = {
  created_at: {
    type: "string",
    readOnly: true,
    required: true,
    default: () => clock.now().toISOString(),
  },
  updated_at: {
    type: "string",
    required: true,
    watch: "*",
    default: () => clock.now().toISOString(),
    set: () => clock.now().toISOString(),
  },
} as const;

/** A translated text per menu language, with a flag for hand-edited ones that auto-translation keeps. */
export const translationsAttribute = {
  type: "map",
  default: () => ({}),
  properties: Object.fromEntries(
    TRANSLATION_TARGETS.map((lang) => [
      lang,
      {
        type: "map",
        properties: {
          title: { type: "string" },
          description: { type: "string" },
          manual: { type: "boolean" },
          checked: { type: "boolean" },
          title_hash: { type: "string" },
          description_hash: { type: "string" },
        },
      },
    ]),
  ) as Record<
    (typeof TRANSLATION_TARGETS)[number],
    {
      type: "map";
      properties: {
        title: { type: "string" };
        description: { type: "string" };
        manual: { type: "boolean" };
        /** A machine translation staff checked: kept like a hand-made one. */
        checked: { type: "boolean" };
        /** Hash of the (glossary-expanded) source the machine translation was made from. */
        title_hash: { type: "string" };
        description_hash: { type: "string" };
      };
    }
  >,
} as const;
