import { createIntl, createIntlCache, type IntlShape } from "react-intl";
import type { Messages } from "./catalogs";
import { defaultLocale, type InterfaceLocale } from "./languages";

const cache = createIntlCache();

export function buildIntl(locale: InterfaceLocale, messages: Messages | Record<string, never>): IntlShape {
  return createIntl(
    {
      locale,
      defaultLocale,
      messages,
      onError: (error) => {
        // A missing translation falls back to the id/defaultMessage; only worth a warning in development.
        if (import.meta.env.DEV) console.warn(error.message);
      },
    },
    cache,
  );
}

let current: IntlShape = buildIntl(defaultLocale, {});

/** The active intl object for code outside React (query error handler, toasts). Kept in sync by I18nProvider. */
export function getIntl(): IntlShape {
  return current;
}

export function setCurrentIntl(intl: IntlShape): void {
  current = intl;
}
