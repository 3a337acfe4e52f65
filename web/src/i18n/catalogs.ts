import type ruMessages from "./messages/ru.json";
import type { InterfaceLocale } from "./languages";

/** The ru catalog is the reference: every other catalog must have the same keys (checked by the types below). */
export type Messages = typeof ruMessages;
export type MessageId = keyof Messages;

/** Catalogs are separate chunks: a visitor downloads only the language they use. */
const loaders: Record<InterfaceLocale, () => Promise<{ default: Messages }>> = {
  ru: () => import("./messages/ru.json"),
  en: () => import("./messages/en.json"),
  zh: () => import("./messages/zh.json"),
};

const loaded = new Map<InterfaceLocale, Messages>();
const inFlight = new Map<InterfaceLocale, Promise<Messages>>();

export function getLoadedCatalog(locale: InterfaceLocale): Messages | undefined {
  return loaded.get(locale);
}

export function loadCatalog(locale: InterfaceLocale): Promise<Messages> {
  const ready = loaded.get(locale);
  if (ready) return Promise.resolve(ready);
  let pending = inFlight.get(locale);
  if (!pending) {
    pending = loaders[locale]()
      .then((module) => {
        loaded.set(locale, module.default);
        return module.default;
      })
      .finally(() => inFlight.delete(locale));
    inFlight.set(locale, pending);
  }
  return pending;
}

declare global {
  // Makes react-intl's `id` props and `formatMessage({ id })` accept only keys of the catalogs.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
