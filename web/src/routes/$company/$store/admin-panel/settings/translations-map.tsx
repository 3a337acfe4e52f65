import { createFileRoute } from "@tanstack/react-router";
import { StoreTextsTranslations } from "@/features/menu-admin/translations/store-texts-panel";
import { TranslationsMapPage } from "@/features/translations/glossary-page";

/** The glossary (translations map) and the state of translation; every staff role of the store. */
export const Route = createFileRoute("/$company/$store/admin-panel/settings/translations-map")({
  component: TranslationsMapRoute,
});

function TranslationsMapRoute() {
  const { cs } = Route.useRouteContext();
  return <TranslationsMapPage cs={cs} storeTexts={<StoreTextsTranslations storeId={cs.store_id} />} />;
}
