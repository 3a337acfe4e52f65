import { useEffect } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import "@/components/layout/staff.css";
import type { CsObject } from "@/lib/admin-scope";
import { GlossarySection } from "./glossary-section";
import { TranslationsPanel } from "./translations-panel";
import "./translations.css";

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
      <div className="page-head">
        <div>
          <h1 className="page-head__title">
            <FormattedMessage id="glossary.title" />
          </h1>
          <p className="page-head__lead">
            <FormattedMessage id="glossary.lead" />
          </p>
        </div>
      </div>
      <div className="tm-layout">
        <GlossarySection cs={cs} />
        <TranslationsPanel cs={cs} />
      </div>
    </>
  );
}
