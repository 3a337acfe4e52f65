import { RawIntlProvider } from "react-intl";
import { ErrorScreen } from "@/components/error-screen";
import { getLoadedCatalog } from "@/i18n/catalogs";
import { buildIntl } from "@/i18n/intl";
import { catalogLocaleFor } from "@/i18n/languages";
import { activeLanguageAtom } from "@/i18n/language-state";
import { appStore } from "@/lib/app-store";

/**
 * The error screen when the app could not start or crashed outside the router. It depends on
 * nothing that may have failed: no router, no query client; the catalog only if it was loaded
 * (otherwise the English default texts).
 */
export function FatalError({ error }: { error: unknown }) {
  const locale = catalogLocaleFor(appStore.get(activeLanguageAtom));
  const intl = buildIntl(locale, getLoadedCatalog(locale) ?? {});
  return (
    <RawIntlProvider value={intl}>
      <ErrorScreen error={error} />
    </RawIntlProvider>
  );
}
