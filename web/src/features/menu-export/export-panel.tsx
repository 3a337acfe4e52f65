import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { FormAlert } from "@/components/form/fields";
import { isLanguage, languageNames, menuLanguages, type Language } from "@/i18n/languages";
import { activeSubscriptionQueryOptions, storeSettingsQueryOptions, type CsObject } from "@/lib/admin-scope";
import { menuExportQueryOptions, useStartMenuExport, type ExportFormat } from "./api";
import "./export-panel.css";

/**
 * Menu export (premium): the store's menu in one of its languages as PDF or Excel. A click queues
 * an export job (POST /api/menu-exports, which checks the plan again); the panel shows its progress
 * and, once the file is written, starts the download through the short-lived link the job answers.
 * On other plans the panel says which plans have it.
 */
export function MenuExportPanel({ cs }: { cs: CsObject }) {
  const intl = useIntl();
  const subscription = useQuery(activeSubscriptionQueryOptions(cs.store_id));
  const store = useQuery(storeSettingsQueryOptions(cs.store_id));
  const [language, setLanguage] = useState<Language>("ru");
  const [jobId, setJobId] = useState<string>();
  const start = useStartMenuExport(cs.store_id);
  const job = useQuery(menuExportQueryOptions(cs.store_id, jobId));
  const exportAs = (format: ExportFormat) => start.mutate({ language, format }, { onSuccess: (queued) => setJobId(queued.id) });
  const downloaded = useRef<string>(undefined);
  const done = job.data?.status === "done" ? job.data : undefined;
  useEffect(() => {
    // The file downloads once, as soon as it is written; the link below repeats it.
    if (!done?.download_url || downloaded.current === done.id) return;
    downloaded.current = done.id;
    const a = document.createElement("a");
    a.href = done.download_url;
    a.download = done.file_name;
    a.click();
  }, [done]);

  if (!subscription.data || !store.data) return null;
  const allowed = subscription.data.features.menu_export;
  // What the store offers guests: its chosen languages that the plan includes.
  const languages = menuLanguages.filter((l) => store.data.languages.includes(l) && subscription.data.languages.includes(l));
  const running = start.isPending || (!!jobId && (!job.data || job.data.status === "queued" || job.data.status === "in_progress"));
  return (
    <section className="panel menu-export" aria-labelledby="menu-export-title" data-testid="menu-export">
      <h2 id="menu-export-title" className="panel__title">
        <FormattedMessage id="export.title" />
      </h2>
      <p className="panel__lead">
        <FormattedMessage id="export.lead" />
      </p>
      {allowed ? (
        <>
          <div className="menu-export__row">
            <label className="menu-export__language">
              <span>
                <FormattedMessage id="export.language" />
              </span>
              <select
                className="input"
                value={language}
                onChange={(e) => {
                  if (isLanguage(e.target.value)) setLanguage(e.target.value);
                }}
                data-testid="export-language"
              >
                {languages.map((l) => (
                  <option key={l} value={l}>
                    {languageNames[l]}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className="btn btn--primary" disabled={running} onClick={() => exportAs("pdf")} data-testid="export-pdf">
              {intl.formatMessage({ id: "export.pdf" })}
            </button>
            <button type="button" className="btn btn--secondary" disabled={running} onClick={() => exportAs("xlsx")} data-testid="export-xlsx">
              {intl.formatMessage({ id: "export.xlsx" })}
            </button>
          </div>
          {running ? (
            <p className="menu-export__status" role="status" data-testid="export-progress">
              <progress max={100} value={job.data?.progress ?? 0} aria-hidden="true" />
              <FormattedMessage id="export.preparing" values={{ progress: job.data?.progress ?? 0 }} />
            </p>
          ) : null}
          {done?.download_url ? (
            <p className="menu-export__status" role="status">
              <FormattedMessage id="export.ready" />{" "}
              <a href={done.download_url} download={done.file_name} data-testid="export-download">
                {done.file_name}
              </a>
            </p>
          ) : null}
          {job.data?.status === "error" ? (
            <FormAlert testId="export-error">
              <FormattedMessage id="export.failed" />
            </FormAlert>
          ) : null}
        </>
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
