import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { NO_ENGINE_REASON } from "@menu/core/shared/model";
import { useId } from "react";
import { FormattedMessage } from "react-intl";
import { FormAlert } from "@/components/form/fields";
import type { MessageId } from "@/i18n/catalogs";
import type { CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { translationsQueryOptions, type TranslationsOverview } from "./api";
import { ErrorReasons } from "./error-reasons";
import { LanguageProgress, languageStats } from "./language-progress";
import { LoadError, LoadingSkeleton } from "./load-states";
import { MonthlyUsage } from "./monthly-usage";
import { TranslateAll } from "./translate-all";
import "./translations.css";

const ENGINE_NAMES: Record<string, MessageId> = {
  libretranslate: "translationsPanel.engineLibre",
  amazon: "translationsPanel.engineAmazon",
  none: "translationsPanel.engineNone",
};

const SKELETON_ROWS = [[70], [45], [60]];

/** The "Translations" panel of settings/translations-map: engine, languages and progress, errors, volume, and "translate everything missing". */
export function TranslationSettingsPanel({ cs, focusLanguage }: { cs: CsObject; focusLanguage?: string }) {
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
          <OverviewDetails cs={cs} data={overview.data} focusLanguage={focusLanguage} />
        </>
      ) : overview.error ? (
        <LoadError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <LoadingSkeleton rows={SKELETON_ROWS} testId="translations-loading" />
      )}
    </section>
  );
}

function OverviewDetails({ cs, data, focusLanguage }: { cs: CsObject; data: TranslationsOverview; focusLanguage?: string }) {
  const params = { company: cs.company_url_key, store: cs.store_url_key };
  const noEngine = data.engine === "none";
  const stats = languageStats(data);
  const focused = stats.some((s) => s.language === focusLanguage) ? focusLanguage : undefined;

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
        <LanguageProgress stats={stats} focused={focused} />
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

      <ErrorReasons jobs={data.jobs} />
      <MonthlyUsage usage={data.usage} />
      <TranslateAll storeId={cs.store_id} jobs={data.jobs} noEngine={noEngine} noLanguages={stats.length === 0} />
    </>
  );
}
