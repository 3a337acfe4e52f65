import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import "@/components/layout/staff.css";
import type { CsObject } from "@/lib/admin-scope";
import { GlossarySection } from "./glossary-section";
import { TranslationSettingsPanel } from "./translation-settings-panel";
import "./translations.css";
import { PageHead } from "@/components/layout/page-head";
import { usePageTitle } from "@/lib/page-title";

/**
 * settings/translations-map: the store's glossary of abbreviations, expanded before machine
 * translation, and the state of translation into the menu languages; `storeTexts`, below the
 * glossary, the translations of the store's own texts (composed by the route); `focusLanguage`, a
 * language to bring into view.
 */
export function TranslationsMapPage({ cs, storeTexts, focusLanguage }: { cs: CsObject; storeTexts?: ReactNode; focusLanguage?: string }) {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: "glossary.title" }));

  return (
    <>
      <PageHead title={<FormattedMessage id="glossary.title" />} lead={<FormattedMessage id="glossary.lead" />} />
      <div className="tm-layout">
        <div>
          <GlossarySection cs={cs} />
          {storeTexts}
        </div>
        <TranslationSettingsPanel cs={cs} focusLanguage={focusLanguage} />
      </div>
    </>
  );
}
