import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { FormAlert } from "@/components/form/fields";
import { activeSubscriptionQueryOptions } from "@/features/subscription/data";
import { languageNames, menuLanguages } from "@/i18n/languages";
import { storeSettingsQueryOptions, type CsObject } from "@/lib/admin-scope";
import "./export-panel.css";

/**
 * Menu export (premium): the store's menu in one of its languages as PDF or Excel. The files come
 * straight from GET /api/menu-export, which checks the plan again; on other plans the panel says
 * which plans have it.
 */
export function MenuExportPanel({ cs }: { cs: CsObject }) {
  const intl = useIntl();
  const subscription = useQuery(activeSubscriptionQueryOptions(cs.store_id));
  const store = useQuery(storeSettingsQueryOptions(cs.store_id));
  const [language, setLanguage] = useState("ru");
  if (!subscription.data || !store.data) return null;
  const allowed = subscription.data.features.menu_export;
  // What the store offers guests: its chosen languages that the plan includes.
  const languages = menuLanguages.filter((l) => store.data.languages.includes(l) && subscription.data.languages.includes(l));
  const href = (format: "pdf" | "xlsx") => `/api/menu-export?${new URLSearchParams({ storeId: cs.store_id, language, format })}`;
  return (
    <section className="panel menu-export" aria-labelledby="menu-export-title" data-testid="menu-export">
      <h2 id="menu-export-title" className="panel__title">
        <FormattedMessage id="export.title" />
      </h2>
      <p className="panel__lead">
        <FormattedMessage id="export.lead" />
      </p>
      {allowed ? (
        <div className="menu-export__row">
          <label className="menu-export__language">
            <span>
              <FormattedMessage id="export.language" />
            </span>
            <select className="input" value={language} onChange={(e) => setLanguage(e.target.value)} data-testid="export-language">
              {languages.map((l) => (
                <option key={l} value={l}>
                  {languageNames[l]}
                </option>
              ))}
            </select>
          </label>
          <a className="btn btn--primary" href={href("pdf")} download data-testid="export-pdf">
            {intl.formatMessage({ id: "export.pdf" })}
          </a>
          <a className="btn btn--secondary" href={href("xlsx")} download data-testid="export-xlsx">
            {intl.formatMessage({ id: "export.xlsx" })}
          </a>
        </div>
      ) : (
        <FormAlert tone="info" testId="export-premium">
          <FormattedMessage id="export.premiumOnly" />{" "}
          <Link to="/$company/$store/admin-panel/subscription" params={{ company: cs.company_url_key, store: cs.store_url_key }}>
            <FormattedMessage id="export.toSubscription" />
          </Link>
        </FormAlert>
      )}
    </section>
  );
}
