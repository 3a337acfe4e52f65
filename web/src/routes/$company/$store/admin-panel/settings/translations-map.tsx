import { createFileRoute } from "@tanstack/react-router";
import { MENU_LANGUAGES, type MenuLanguage } from "@menu/core/shared/model";
import { StoreTextsTranslations } from "@/features/menu-admin/translations/store-texts-panel";
import { TranslationsMapPage } from "@/features/translations/glossary-page";

type TranslationsMapSearch = { lang?: MenuLanguage };

/**
 * The glossary (translations map) and the state of translation; every staff role of the store.
 * `?lang=ar` (the checklist's links) brings that language's row and "translate everything missing" into view.
 */
export const Route = createFileRoute("/$company/$store/admin-panel/settings/translations-map")({
  validateSearch: (search: Record<string, unknown>): TranslationsMapSearch =>
    (MENU_LANGUAGES as readonly unknown[]).includes(search.lang) ? { lang: search.lang as MenuLanguage } : {},
  component: TranslationsMapRoute,
});

function TranslationsMapRoute() {
  const { cs } = Route.useRouteContext();
  const { lang } = Route.useSearch();
  return <TranslationsMapPage cs={cs} focusLanguage={lang} storeTexts={<StoreTextsTranslations storeId={cs.store_id} />} />;
}
