import { useIsMutating, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { CsObject } from "@/lib/admin-scope";
import { storeJobKeys } from "@/lib/store-jobs";
import { checklistQueryOptions, type Checklist } from "./api";
import { shownSteps } from "./checklist-state";
import "./overview.css";

/** A step as shown: `pending` (its work queued) makes it not done (checklist-state.ts). */
type Step = Checklist["steps"][number] & { pending: boolean };

function StepLink({ step, cs, children }: { step: Step["id"]; cs: CsObject; children: ReactNode }) {
  const params = { company: cs.company_url_key, store: cs.store_url_key };
  const props = { params, className: "checklist__link", "data-testid": `checklist-link-${step}` };
  switch (step) {
    case "logo":
      return (
        <Link to="/$company/$store/admin-panel/settings/store" {...props}>
          {children}
        </Link>
      );
    case "menu":
      return (
        <Link to="/$company/$store/admin-panel/$categorytype" {...props} params={{ ...params, categorytype: "kitchen" }} hash="menu-import">
          {children}
        </Link>
      );
    case "translations":
      return (
        <Link to="/$company/$store/admin-panel/settings/translations-map" {...props}>
          {children}
        </Link>
      );
    case "tables":
      return (
        <Link to="/$company/$store/admin-panel/tables" {...props}>
          {children}
        </Link>
      );
    case "wifi":
      return (
        <Link to="/$company/$store/admin-panel/settings/wifi" {...props}>
          {children}
        </Link>
      );
    case "subscription":
      return (
        <Link to="/$company/$store/admin-panel/subscription" {...props}>
          {children}
        </Link>
      );
  }
}

/**
 * The texts to translate, a line per menu language, each a link to that language on the
 * translations page (its row and "translate everything missing").
 */
function MissingByLanguage({ languages, cs }: { languages: NonNullable<Step["languages"]>; cs: CsObject }) {
  const intl = useIntl();
  const params = { company: cs.company_url_key, store: cs.store_url_key };
  return (
    <ul className="checklist__languages">
      {languages.map(({ language, missing }) => (
        <li key={language} data-testid={`checklist-language-${language}`} data-missing={missing}>
          <Link to="/$company/$store/admin-panel/settings/translations-map" params={params} search={{ lang: language }} className="checklist__language-link">
            <FormattedMessage id="overview.checklist.translationsInto" values={{ missing, language: intl.formatDisplayName(language, { type: "language" }) ?? language }} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Detail({ step, cs }: { step: Step; cs: CsObject }) {
  const c = step.counts;
  switch (step.id) {
    case "menu":
      return <FormattedMessage id="overview.checklist.menuCounts" values={{ categories: c.categories ?? 0, items: c.items ?? 0 }} />;
    case "translations": {
      if (!c.languages) return <FormattedMessage id="overview.checklist.translationsNone" />;
      const missing = step.languages?.filter((l) => l.missing > 0) ?? [];
      if (missing.length) return <MissingByLanguage languages={missing} cs={cs} />;
      return c.missing ? <FormattedMessage id="overview.checklist.translationsMissing" values={{ missing: c.missing }} /> : null;
    }
    case "tables":
      return c.tables ? <FormattedMessage id="overview.checklist.tablesCount" values={{ tables: c.tables }} /> : null;
    default:
      return null;
  }
}

const Tick = ({ done }: { done: boolean }) => (
  <svg className="checklist__mark" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
    <circle cx="12" cy="12" r="10" className={done ? "checklist__mark-done" : "checklist__mark-todo"} />
    {done ? <path d="m7.5 12.5 3 3 6-6.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" /> : null}
  </svg>
);

function Steps({ steps, cs }: { steps: Step[]; cs: CsObject }) {
  const intl = useIntl();
  return (
    <ol className="checklist__steps">
      {steps.map((step) => (
        <li
          key={step.id}
          className={`checklist__step${step.done ? " checklist__step--done" : ""}`}
          data-testid={`checklist-${step.id}`}
          data-done={step.done}
          data-pending={step.pending || undefined}
        >
          <Tick done={step.done} />
          <div className="checklist__body">
            <StepLink step={step.id} cs={cs}>
              {intl.formatMessage({ id: `overview.checklist.${step.id}` })}
            </StepLink>
            <span className="visually-hidden">
              {" — "}
              {intl.formatMessage({ id: step.done ? "overview.checklist.done" : "overview.checklist.todo" })}
            </span>
            <div className="checklist__detail">
              {step.pending ? (
                <p className="checklist__pending" data-testid={`checklist-pending-${step.id}`}>
                  <FormattedMessage id="overview.checklist.pending" />
                </p>
              ) : null}
              <Detail step={step} cs={cs} />
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}

/**
 * The setup checklist: shown on the overview until every step is done (each ticks itself from the
 * store's data); then one line says so, with the steps behind a disclosure.
 */
export function SetupChecklistPanel({ cs }: { cs: CsObject }) {
  const query = useQuery(checklistQueryOptions(cs.store_id));
  // An import this tab is applying: the menu and translations steps wait for it (and for the list read after it).
  const importing = useIsMutating({ mutationKey: storeJobKeys.importApply(cs.store_id) }) > 0;
  if (!query.data) return null;
  const steps = shownSteps(query.data.steps, { importing });
  const data = { complete: query.data.complete && steps.every((s) => s.done), steps };
  const done = data.steps.filter((s) => s.done).length;
  if (data.complete) {
    return (
      <section className="panel checklist checklist--complete" aria-labelledby="checklist-title" data-testid="checklist" data-complete="true">
        <details>
          <summary className="checklist__summary">
            <Tick done />
            <span id="checklist-title">
              <FormattedMessage id="overview.checklist.complete" />
            </span>
          </summary>
          <Steps steps={data.steps} cs={cs} />
        </details>
      </section>
    );
  }
  return (
    <section className="panel checklist" aria-labelledby="checklist-title" data-testid="checklist" data-complete="false">
      <div className="checklist__head">
        <h2 id="checklist-title" className="panel__title">
          <FormattedMessage id="overview.checklist.title" />
        </h2>
        <p className="panel__lead">
          <FormattedMessage id="overview.checklist.lead" values={{ done, total: data.steps.length }} />
        </p>
        <div
          className="checklist__progress"
          role="progressbar"
          aria-labelledby="checklist-title"
          aria-valuemin={0}
          aria-valuemax={data.steps.length}
          aria-valuenow={done}
        >
          <span style={{ inlineSize: `${(done / data.steps.length) * 100}%` }} />
        </div>
      </div>
      <Steps steps={data.steps} cs={cs} />
    </section>
  );
}
