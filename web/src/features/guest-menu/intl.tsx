/**
 * The guest pages' own small i18n: the guest catalog (`virtual:guest-messages/{locale}`, only the
 * keys the guest pages use, compiled to ICU ASTs at build time) and a formatter for the parts of
 * ICU those messages use (arguments, plural with `#`, select, number). It keeps react-intl and the
 * whole interface catalog out of the guest's download; the API is the subset of react-intl's
 * `useIntl()` the guest components call.
 */
import { createContext, useContext, type ReactNode } from "react";
import type { MessageId } from "@/i18n/catalogs";
import type { Language } from "@/i18n/languages";

/** Keys of the guest catalog (web/guest-catalogs.ts GUEST_MESSAGE_PREFIXES). */
export type GuestMessageId = Extract<MessageId, `menu.${string}` | `placeholder.${string}` | `errors.notFound.${string}` | "errors.goHome" | "guest.skipToCart">;

/** formatjs's ICU AST (the subset its parser produces for our messages). */
type Element =
  | { type: 0; value: string } // literal
  | { type: 1; value: string } // {argument}
  | { type: 2; value: string } // {n, number}
  | { type: 5; value: string; options: Record<string, { value: Element[] }> } // select
  | { type: 6; value: string; options: Record<string, { value: Element[] }>; offset?: number; pluralType?: "cardinal" | "ordinal" } // plural
  | { type: 7 } // # inside a plural
  | { type: 8; value: string; children: Element[] } // <tag>
  | { type: 3 | 4; value: string }; // date, time (not used by the guest messages)

export type GuestCatalog = Record<string, Element[]>;
type Values = Record<string, string | number | undefined>;

export type GuestIntl = {
  /** The menu's language: every menu language has a guest catalog. */
  locale: Language;
  formatMessage(descriptor: { id: GuestMessageId }, values?: Values): string;
};

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();
const number = (locale: string, n: number) => {
  let f = numberFormats.get(locale);
  if (!f) numberFormats.set(locale, (f = new Intl.NumberFormat(locale)));
  return f.format(n);
};
const plural = (locale: string, type: "cardinal" | "ordinal", n: number) => {
  const key = `${locale}:${type}`;
  let r = pluralRules.get(key);
  if (!r) pluralRules.set(key, (r = new Intl.PluralRules(locale, { type })));
  return r.select(n);
};

function format(elements: Element[], values: Values, locale: string, count?: number): string {
  let out = "";
  for (const el of elements) {
    switch (el.type) {
      case 0:
        out += el.value;
        break;
      case 1:
        out += String(values[el.value] ?? "");
        break;
      case 2:
        out += number(locale, Number(values[el.value]));
        break;
      case 5: {
        const option = el.options[String(values[el.value])] ?? el.options.other;
        if (option) out += format(option.value, values, locale, count);
        break;
      }
      case 6: {
        const n = Number(values[el.value]);
        const shifted = n - (el.offset ?? 0);
        const option = el.options[`=${n}`] ?? el.options[plural(locale, el.pluralType ?? "cardinal", shifted)] ?? el.options.other;
        if (option) out += format(option.value, values, locale, shifted);
        break;
      }
      case 7:
        out += count === undefined ? "#" : number(locale, count);
        break;
      case 8:
        out += format(el.children, values, locale, count);
        break;
      default:
        out += String(values[el.value] ?? "");
    }
  }
  return out;
}

export function createGuestIntl(locale: Language, catalog: GuestCatalog): GuestIntl {
  return {
    locale,
    formatMessage: ({ id }, values = {}) => {
      const ast = catalog[id];
      return ast ? format(ast, values, locale) : id;
    },
  };
}

/**
 * One catalog per menu language, each a separate chunk (a pre-rendered page's starter preloads its
 * own with the app); ar/tr/fr are guest-only (the admin interface stays ru/en/zh).
 */
const loaders: Record<Language, () => Promise<{ default: GuestCatalog }>> = {
  ru: () => import("virtual:guest-messages/ru") as Promise<{ default: GuestCatalog }>,
  en: () => import("virtual:guest-messages/en") as Promise<{ default: GuestCatalog }>,
  zh: () => import("virtual:guest-messages/zh") as Promise<{ default: GuestCatalog }>,
  ar: () => import("virtual:guest-messages/ar") as Promise<{ default: GuestCatalog }>,
  tr: () => import("virtual:guest-messages/tr") as Promise<{ default: GuestCatalog }>,
  fr: () => import("virtual:guest-messages/fr") as Promise<{ default: GuestCatalog }>,
};
const loaded = new Map<Language, GuestCatalog>();

export async function loadGuestCatalog(locale: Language): Promise<GuestCatalog> {
  const ready = loaded.get(locale);
  if (ready) return ready;
  const catalog = (await loaders[locale]()).default;
  loaded.set(locale, catalog);
  return catalog;
}

export const getGuestCatalog = (locale: Language) => loaded.get(locale);

const Context = createContext<GuestIntl>(createGuestIntl("ru", {}));

export function GuestIntlProvider({ value, children }: { value: GuestIntl; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The guest pages' `useIntl()`: `formatMessage({ id }, values)` and `locale`. */
export const useIntl = () => useContext(Context);
