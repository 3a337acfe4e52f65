import { useEffect } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import "@/components/layout/staff.css";
import type { CsObject } from "@/lib/admin-scope";
import { GlossarySection } from "./glossary-section";
import { TranslationsPanel } from "./translations-panel";
import "./translations.css";
import { PageHead } from "@/components/layout/page-head";

/**
 * settings/translations-map: the store's glossary of abbreviations, expanded before machine
 * translation, and the state of translation into the menu languages.
 */
export function TranslationsMapPage({ cs }: { cs: CsObject }) {
  const intl = useIntl();
  useEffect(() => {
    document.title = `${intl.formatMessage({ id: "glossary.title" })} — QR Menu`;
  }, [intl]);

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
