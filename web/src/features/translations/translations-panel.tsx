import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { NO_ENGINE_REASON } from "@menu/core/translation/engine";
import { useId, useState } from "react";
import { FormattedMessage, useIntl, type IntlShape } from "react-intl";
import { toast } from "sonner";
import { FormAlert } from "@/components/form/fields";
import type { MessageId } from "@/i18n/catalogs";
import { languageNames, type Language } from "@/i18n/languages";
import type { CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { isPendingJob, translationsQueryOptions, useQueueTranslations, type TranslationJob, type TranslationsOverview } from "./api";
import { UsageText } from "./translation-volume";
import "./translations.css";

const ENGINE_NAMES: Record<string, MessageId> = {
  libretranslate: "translationsPanel.engineLibre",
  amazon: "translationsPanel.engineAmazon",
  none: "translationsPanel.engineNone",
};

const jobKey = (j: TranslationJob) => `${j.target_type}:${j.target_id}:${j.language}`;

/** A language's name in the interface language ("английский", "English"), else its own name. */
function languageName(intl: IntlShape, code: string) {
  let name: string | undefined;
  try {
    name = intl.formatDisplayName(code, { type: "language", fallback: "none" });
  } catch {
    name = undefined;
  }
  name ||= languageNames[code as Language] || code;
  return name.charAt(0).toLocaleUpperCase(intl.locale) + name.slice(1);
}

/** "2026-11" as "November 2026" in the interface language. */
function monthName(intl: IntlShape, month: string) {
  const [y, m] = month.split("-").map(Number);
  if (!y || !m) return month;
  return intl.formatDate(new Date(Date.UTC(y, m - 1, 1)), { month: "long", year: "numeric", timeZone: "UTC" });
}

type Run = { jobs?: TranslationJob[]; keys: string[]; last?: { total: number; errors: number } };

/**
 * The jobs of the current run: every job seen queued or in progress since nothing was pending. The
 * run ends when none is pending; its total and errors stay shown.
 */
function useRun(jobs: TranslationJob[] | undefined) {
  const [run, setRun] = useState<Run>({ keys: [] });
  if (jobs && run.jobs !== jobs) {
    const pending = jobs.filter(isPendingJob).map(jobKey);
    if (pending.length) {
      setRun({ jobs, keys: [...new Set([...run.keys, ...pending])] });
    } else if (run.keys.length) {
      const errors = new Set(jobs.filter((j) => j.status === "error").map(jobKey));
      setRun({ jobs, keys: [], last: { total: run.keys.length, errors: run.keys.filter((k) => errors.has(k)).length } });
    } else {
      setRun({ ...run, jobs });
    }
  }
  const pendingNow = new Set((jobs ?? []).filter(isPendingJob).map(jobKey));
  const total = run.keys.length;
  return { total, done: run.keys.filter((k) => !pendingNow.has(k)).length, running: pendingNow.size > 0, last: run.last };
}

type LanguageStats = { language: string; completed: number; pending: number; error: number };

function languageStats(data: TranslationsOverview): LanguageStats[] {
  return data.languages.map((language) => {
    const own = data.jobs.filter((j) => j.language === language);
    return {
      language,
      completed: own.filter((j) => j.status === "completed").length,
      pending: own.filter(isPendingJob).length,
      error: own.filter((j) => j.status === "error").length,
    };
  });
}

/** Error reasons with how many jobs ended with each, the latest first. */
function errorGroups(jobs: TranslationJob[]) {
  const groups = new Map<string, { reason: string; count: number; latest: string }>();
  for (const job of jobs) {
    if (job.status !== "error") continue;
    const reason = job.error ?? "";
    const group = groups.get(reason) ?? { reason, count: 0, latest: "" };
    group.count++;
    if (job.updated_at > group.latest) group.latest = job.updated_at;
    groups.set(reason, group);
  }
  return [...groups.values()].sort((a, b) => (a.latest < b.latest ? 1 : a.latest > b.latest ? -1 : 0));
}

const MAX_REASONS = 5;

/** The "Translations" panel of settings/translations-map: engine, languages and progress, errors, volume, and "translate everything missing". */
export function TranslationsPanel({ cs }: { cs: CsObject }) {
  const id = useId();
  const overview = useQuery(translationsQueryOptions(cs.store_id, { poll: true }));
  return (
    <section className="panel tm-panel" aria-labelledby={`${id}-title`} data-testid="translations-panel">
      <h2 className="panel__title" id={`${id}-title`}>
        <FormattedMessage id="translationsPanel.title" />
      </h2>
      {overview.data ? (
        <>
          {/* A failed refresh keeps the last answer on screen and says so. */}
          {overview.error ? <FormAlert>{errorMessageFor(overview.error)}</FormAlert> : null}
          <OverviewDetails cs={cs} data={overview.data} />
        </>
      ) : overview.error ? (
        <div className="tm-error">
          <FormAlert>{errorMessageFor(overview.error)}</FormAlert>
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => void overview.refetch()}>
            <FormattedMessage id="glossary.retry" />
          </button>
        </div>
      ) : (
        <div className="tm-skeleton" role="status" data-testid="translations-loading">
          <span className="visually-hidden">
            <FormattedMessage id="common.loading" />
          </span>
          {[70, 45, 60].map((w, i) => (
            <div key={i} className="tm-skeleton__row" aria-hidden="true">
              <span className="tm-skeleton__bar" style={{ width: `${w}%` }} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

function OverviewDetails({ cs, data }: { cs: CsObject; data: TranslationsOverview }) {
  const intl = useIntl();
  const id = useId();
  const queue = useQueueTranslations(cs.store_id);
  const run = useRun(data.jobs);
  const params = { company: cs.company_url_key, store: cs.store_url_key };
  const noEngine = data.engine === "none";
  const stats = languageStats(data);
  const groups = errorGroups(data.jobs);
  const { used, cap } = data.usage;
  const capReached = cap !== null && used >= cap;
  const busy = queue.isPending || run.running;

  const translateAll = () =>
    queue.mutate(undefined, {
      onSuccess: ({ queued }) => {
        const message = intl.formatMessage({ id: "translationsPanel.queued" }, { n: queued });
        if (queued > 0) toast.success(message);
        else toast.info(message);
      },
    });

  return (
    <>
      <dl className="tm-facts">
        <div>
          <dt>
            <FormattedMessage id="translationsPanel.engine" />
          </dt>
          <dd data-testid="translation-engine" data-engine={data.engine}>
            <span className={noEngine ? "pill tm-engine tm-engine--off" : "pill tm-engine tm-engine--ok"}>
              {ENGINE_NAMES[data.engine] ? <FormattedMessage id={ENGINE_NAMES[data.engine]!} /> : data.engine}
            </span>
          </dd>
        </div>
      </dl>
      {noEngine ? (
        <FormAlert tone="info" testId="translation-no-engine">
          <FormattedMessage id="translationsPanel.noEngine" values={{ reason: <q lang="en">{NO_ENGINE_REASON}</q> }} />
        </FormAlert>
      ) : null}

      <h3 className="tm-subtitle">
        <FormattedMessage id="translationsPanel.languages" />
      </h3>
      {stats.length ? (
        <ul className="tm-langs" data-testid="translation-languages">
          {stats.map((s) => {
            const total = s.completed + s.pending + s.error;
            const pct = (n: number) => `${total ? (n / total) * 100 : 0}%`;
            return (
              <li key={s.language} className="tm-lang" data-language={s.language}>
                <div className="tm-lang__head">
                  <span className="tm-lang__name">{languageName(intl, s.language)}</span>
                  {total === 0 ? (
                    <span className="tm-count">
                      <FormattedMessage id="translationsPanel.noJobs" />
                    </span>
                  ) : (
                    <span className="tm-lang__counts">
                      <span className="tm-count tm-count--ok">
                        <FormattedMessage id="translationsPanel.completed" values={{ n: s.completed }} />
                      </span>
                      <span className={s.pending ? "tm-count tm-count--wait" : "tm-count"}>
                        <FormattedMessage id="translationsPanel.pending" values={{ n: s.pending }} />
                      </span>
                      <span className={s.error ? "tm-count tm-count--err" : "tm-count"}>
                        <FormattedMessage id="translationsPanel.errors" values={{ n: s.error }} />
                      </span>
                    </span>
                  )}
                </div>
                {total ? (
                  <div className="tm-bar" aria-hidden="true">
                    <span className="tm-bar__ok" style={{ width: pct(s.completed) }} />
                    <span className="tm-bar__wait" style={{ width: pct(s.pending) }} />
                    <span className="tm-bar__err" style={{ width: pct(s.error) }} />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="tm-muted">
          <FormattedMessage id="translationsPanel.noLanguages" />
        </p>
      )}
      <p className="tm-note">
        <Link to="/$company/$store/admin-panel/settings/store" params={params}>
          <FormattedMessage id="translationsPanel.languagesLink" />
        </Link>
      </p>

      {groups.length ? (
        <>
          <h3 className="tm-subtitle">
            <FormattedMessage id="translationsPanel.errorsTitle" />
          </h3>
          <ul className="tm-reasons" data-testid="translation-errors">
            {groups.slice(0, MAX_REASONS).map((g) => (
              <li key={g.reason}>
                {g.reason === NO_ENGINE_REASON ? (
                  <span>
                    <FormattedMessage id="translationsPanel.reasonNoEngine" />
                  </span>
                ) : g.reason ? (
                  <span lang="en">{g.reason}</span>
                ) : (
                  <span>
                    <FormattedMessage id="translationsPanel.reasonUnknown" />
                  </span>
                )}
                <span className="tm-reasons__count">
                  <FormattedMessage id="translationsPanel.reasonCount" values={{ n: g.count }} />
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h3 className="tm-subtitle">
        <FormattedMessage id="translationsPanel.month" values={{ month: monthName(intl, data.usage.month) }} />
      </h3>
      <p className="tm-usage" data-testid="translation-usage">
        <UsageText used={used} cap={cap} />
      </p>
      {cap !== null ? (
        <div className={capReached ? "tm-meter tm-meter--full" : "tm-meter"} aria-hidden="true">
          <span style={{ width: `${Math.min(100, cap ? (used / cap) * 100 : 100)}%` }} />
        </div>
      ) : null}
      {capReached ? (
        <p className="tm-note tm-note--warn">
          <FormattedMessage id="translationsPanel.capReached" />
        </p>
      ) : null}

      <div className="tm-run">
        {queue.error ? <FormAlert>{errorMessageFor(queue.error)}</FormAlert> : null}
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={busy || noEngine || stats.length === 0}
          aria-busy={busy || undefined}
          aria-describedby={`${id}-run-hint`}
          onClick={translateAll}
          data-testid="translate-all"
        >
          {busy ? <span className="spinner" aria-hidden="true" /> : null}
          <FormattedMessage id="translationsPanel.translateAll" />
        </button>
        <p className="tm-note" id={`${id}-run-hint`}>
          <FormattedMessage id={noEngine ? "translationsPanel.translateAllNoEngine" : "translationsPanel.translateAllHint"} />
        </p>
        {run.running && run.total ? (
          <div className="tm-progress" data-testid="translation-progress">
            <label htmlFor={`${id}-progress`} className="tm-progress__label">
              <FormattedMessage id="translationsPanel.progress" values={{ done: run.done, total: run.total }} />
            </label>
            <progress id={`${id}-progress`} className="tm-progress__bar" value={run.done} max={run.total} />
          </div>
        ) : run.last ? (
          <p className="tm-note" role="status" data-testid="translation-finished">
            <FormattedMessage id="translationsPanel.finished" values={{ total: run.last.total, errors: run.last.errors }} />
          </p>
        ) : null}
      </div>
    </>
  );
}
