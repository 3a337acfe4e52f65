
import { FormattedMessage, useIntl } from "react-intl";
import "@/components/layout/staff.css";
import type { CsObject } from "@/lib/admin-scope";
import { GlossarySection } from "./glossary-section";
import { TranslationsPanel } from "./translations-panel";
import "./translations.css";
import { PageHead } from "@/components/layout/page-head";
import { usePageTitle } from "@/lib/page-title";

/**
 * settings/translations-map: the store's glossary of abbreviations, expanded before machine
 * translation, and the state of translation into the menu languages.
 */
export function TranslationsMapPage({ cs }: { cs: CsObject }) {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: "glossary.title" }));

  return (
    <>
      <PageHead title={<FormattedMessage id="glossary.title" />} lead={<FormattedMessage id="glossary.lead" />} />
      <div className="tm-layout">
        <GlossarySection cs={cs} />
        <TranslationsPanel cs={cs} />
      </div>
    </>
  );
}
