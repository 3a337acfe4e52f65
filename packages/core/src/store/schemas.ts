/** The store settings form and the stores form, free of Node imports (the SPA validates with them too). */
import { z } from "zod";
import { CURRENCIES, DAYS, MENU_LANGUAGES } from "../shared/model";
import { maxLengthMessage, text } from "../shared/text-rules";
import { UrlKey } from "../shared/url-key";

export const STORE_MESSAGES = {
  empty: "String cannot be empty",
  invalidUrl: "Invalid URL",
  invalidPhone: "Invalid phone format",
  selectAtLeastOne: "You need to select at least one item",
  valueIncorrect: "Value is incorrect",
} as const;

export const STORE_NAME_MAX = 120;
export const ADDRESS_MAX = 300;
export const PHONE_DESCRIPTION_MAX = 60;
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 300;
export const LIST_MAX = 10;

/** The networks a store may link; the guest menu shows their names. "website" is the venue's own site. */
export const SOCIAL_NETWORKS = ["instagram", "facebook", "telegram", "whatsapp", "viber", "vk", "tiktok", "youtube", "x", "website"] as const;

/** Languages beyond the basic plan's (SPEC section 6: premium adds Arabic, Turkish and French). */
export const PREMIUM_LANGUAGES = ["ar", "tr", "fr"] as const;

export const storeName = text({ max: STORE_NAME_MAX });

/** International or local numbers: digits with spaces, dashes, brackets and a leading "+"; 5–15 digits. */
export const phoneNumber = z
  .string()
  .trim()
  .min(1, STORE_MESSAGES.empty)
  .regex(/^\+?[0-9][0-9 ()-]*[0-9]$/, STORE_MESSAGES.invalidPhone)
  .refine((v) => {
    const digits = v.replace(/\D/g, "").length;
    return digits >= 5 && digits <= 15;
  }, STORE_MESSAGES.invalidPhone)
  .meta({ description: "Digits with spaces, dashes, brackets and a leading +; 5 to 15 digits", examples: ["+375 29 123-45-67", "8 (017) 222-33-44"] });

/** An http(s) link with a host that has a dot (instagram.com/x, not "instagram"). */
export const webUrl = z
  .string()
  .trim()
  .min(1, STORE_MESSAGES.empty)
  .max(500, maxLengthMessage(500))
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === "https:" || url.protocol === "http:") && /\.[a-z]{2,}$/i.test(url.hostname);
    } catch {
      return false;
    }
  }, STORE_MESSAGES.invalidUrl)
  .meta({ format: "uri", description: "An http(s) link whose host has a dot", examples: ["https://instagram.com/venue", "http://venue.by"] });

/** "HH:MM", 00:00–23:59. A closing time at or before the opening time means past midnight. */
export const timeOfDay = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, STORE_MESSAGES.valueIncorrect);

export const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return /\//.test(tz) || tz === "UTC";
  } catch {
    return false;
  }
};

/** Opening hours whose closing time is their opening time are refused (the category schedule's rule). */
export const SAME_HOURS = "The end time must differ from the start time";

export const WorkingHours = z
  .object({
    days: z.array(z.enum(DAYS)).min(1, STORE_MESSAGES.selectAtLeastOne),
    open: timeOfDay,
    close: timeOfDay,
  })
  .refine((h) => h.open !== h.close, { message: SAME_HOURS, path: ["close"] })
  .meta({ description: "`close` differs from `open` (at or before it: past midnight)" });

export const Phone = z.object({
  description: text({ max: PHONE_DESCRIPTION_MAX, optional: true }).default(""),
  number: phoneNumber,
});

export const Social = z.object({ network: z.enum(SOCIAL_NETWORKS), url: webUrl });

/** A stored upload's object key (from finishing an image upload), as the guest pages link it. */
const objectKey = z
  .string()
  .max(300)
  .regex(/^media\/[A-Za-z0-9/_.-]+$/, STORE_MESSAGES.valueIncorrect)
  .refine((v) => !v.includes(".."), STORE_MESSAGES.valueIncorrect);

/**
 * The store's name in one menu language (hand-written; empty means "use the fallback"). Its address
 * and phone notes are translated like the menu's texts (settings/translations-map).
 */
export const StoreText = z.object({
  // Invisible-only texts count as empty (issue 15), so the fallback shows rather than a blank name.
  name: text({ max: STORE_NAME_MAX, optional: true }).default(""),
});
/** The name per menu language other than Russian (the source: `name`). */
export const StoreTranslations = z.object({
  en: StoreText.optional(),
  zh: StoreText.optional(),
  ar: StoreText.optional(),
  tr: StoreText.optional(),
  fr: StoreText.optional(),
});
export type StoreTranslations = z.infer<typeof StoreTranslations>;

/** settings/store: everything staff edit on the store (SPEC section 3, "Store"). */
export const StoreSettingsForm = z.object({
  name: storeName,
  url_key: UrlKey,
  address: text({ max: ADDRESS_MAX, optional: true }),
  phones: z.array(Phone).max(LIST_MAX),
  working_hours: z.array(WorkingHours).max(14),
  socials: z.array(Social).max(LIST_MAX),
  seo_title: text({ max: SEO_TITLE_MAX, optional: true }),
  seo_description: text({ max: SEO_DESCRIPTION_MAX, optional: true }),
  logo_light: objectKey.optional(),
  logo_dark: objectKey.optional(),
  time_zone: z
    .string()
    .refine(isTimeZone, STORE_MESSAGES.valueIncorrect)
    .meta({ description: "An IANA time zone (Area/Location) or UTC", examples: ["Europe/Minsk", "Asia/Shanghai", "UTC"] }),
  /** Russian is the source language and always offered. */
  languages: z
    .array(z.enum(MENU_LANGUAGES))
    .max(MENU_LANGUAGES.length)
    .transform((list) => [...new Set(["ru" as const, ...list])]),
  currency: z.enum(CURRENCIES),
  /** Left out: the stored ones stay as they are. */
  translations: StoreTranslations.optional(),
});
export type StoreSettingsForm = z.infer<typeof StoreSettingsForm>;

/** settings/stores: a new store of the company. */
export const NewStoreForm = z.object({ name: storeName, url_key: UrlKey });
export type NewStoreForm = z.infer<typeof NewStoreForm>;
