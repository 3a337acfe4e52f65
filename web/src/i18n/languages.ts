/** Interface languages: the admin panel and public pages are translated into these. */
export const interfaceLocales = ["ru", "en", "zh"] as const;
export type InterfaceLocale = (typeof interfaceLocales)[number];

/** Menu content languages: ru is the source; en/zh on basic, ar/tr/fr added on premium. */
export const menuLanguages = ["ru", "en", "zh", "ar", "tr", "fr"] as const;
export type Language = (typeof menuLanguages)[number];

export const defaultLocale: InterfaceLocale = "ru";

/** Catalog used for interface texts when the active (menu) language has no interface catalog. */
export const fallbackLocale: InterfaceLocale = "en";

const rtlLanguages: ReadonlySet<Language> = new Set<Language>(["ar"]);

export const isInterfaceLocale = (value: unknown): value is InterfaceLocale =>
  typeof value === "string" && (interfaceLocales as readonly string[]).includes(value);

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (menuLanguages as readonly string[]).includes(value);

export const isRtl = (language: Language): boolean => rtlLanguages.has(language);

export const textDirection = (language: Language): "rtl" | "ltr" => (isRtl(language) ? "rtl" : "ltr");

/** The interface catalog to show for a language (ar/tr/fr menus get English interface texts). */
export const catalogLocaleFor = (language: Language): InterfaceLocale =>
  isInterfaceLocale(language) ? language : fallbackLocale;

/** Each language's own name, shown in language pickers regardless of the interface language. */
export const languageNames: Record<Language, string> = {
  ru: "Русский",
  en: "English",
  zh: "中文",
  ar: "العربية",
  tr: "Türkçe",
  fr: "Français",
};

/** Compact labels for switchers. */
export const languageShortLabels: Record<Language, string> = {
  ru: "RU",
  en: "EN",
  zh: "中文",
  ar: "عربي",
  tr: "TR",
  fr: "FR",
};
