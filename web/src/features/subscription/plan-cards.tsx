import { FEATURES, type Plan } from "@menu/core/billing/plans";
import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { languageNames, type Language } from "@/i18n/languages";
import { FEATURE_NAMES, PLAN_NAMES, type ActiveState, type Feature, type PlanTable } from "./api";
import { formatByn, formatDay } from "./billing-format";

/** The plan now in force: name, phase, period, languages and features, and the facts the page adds. */
export function CurrentPlan({ state, facts }: { state: ActiveState; facts?: ReactNode }) {
  const intl = useIntl();
  const active = state.active;
  return (
    <section className="panel sub-current" aria-labelledby="sub-current" data-testid="current-plan">
      <div className="sub-current__head">
        <div>
          <p className="sub-current__eyebrow">
            <FormattedMessage id="subscription.currentPlan" />
          </p>
          <h2 id="sub-current" className="sub-current__plan" data-testid="current-plan-name">
            {active ? <FormattedMessage id={PLAN_NAMES[active.plan]} /> : <FormattedMessage id="subscription.noPlan" />}
          </h2>
        </div>
        <span className={state.phase === "active" ? "pill pill--ok" : state.phase === "preparation" ? "pill pill--wait" : "pill pill--off"} data-testid="phase">
          <FormattedMessage id={`subscription.phase.${state.phase}`} />
        </span>
      </div>
      <p className="panel__lead">
        {active ? (
          <FormattedMessage id="subscription.period" values={{ from: formatDay(intl, active.starts_at), to: formatDay(intl, active.ends_at) }} />
        ) : state.phase === "preparation" ? (
          <FormattedMessage id="subscription.preparationUntil" values={{ date: formatDay(intl, state.preparation_ends_at) }} />
        ) : (
          <FormattedMessage id="subscription.hiddenText" />
        )}
      </p>
      <dl className="sub-current__facts">
        <div>
          <dt>
            <FormattedMessage id="subscription.languages" />
          </dt>
          <dd>{state.languages.map((l) => languageNames[l as Language] ?? l).join(", ")}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="subscription.features" />
          </dt>
          <dd>
            <FeatureList included={(f) => !!state.features[f]} />
          </dd>
        </div>
        {facts}
      </dl>
    </section>
  );
}

/** A plan on offer: price, languages, translation volume, features, and its choose (or renew) button. */
export function PlanCard({
  plan,
  table,
  current,
  renew,
  disabled,
  onChoose,
}: {
  plan: Plan;
  table: PlanTable;
  current: boolean;
  renew: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const intl = useIntl();
  const config = table[plan];
  return (
    <article className={current ? "sub-plan sub-plan--current" : "sub-plan"} data-testid={`plan-${plan}`}>
      <h3 className="sub-plan__name">
        <FormattedMessage id={PLAN_NAMES[plan]} />
      </h3>
      <p className="sub-plan__price">
        <FormattedMessage id="subscription.perMonth" values={{ price: <strong>{formatByn(intl, config.price)}</strong> }} />
      </p>
      <p className="sub-plan__langs">{config.languages.map((l) => languageNames[l]).join(" · ")}</p>
      <p className="sub-plan__cap">
        {config.translationCap === null ? (
          <FormattedMessage id="subscription.capUnlimited" />
        ) : (
          <FormattedMessage id="subscription.cap" values={{ chars: intl.formatNumber(config.translationCap) }} />
        )}
      </p>
      <FeatureList included={(f) => config.features.includes(f)} />
      <button type="button" className={renew ? "btn btn--secondary btn--block" : "btn btn--primary btn--block"} disabled={disabled} onClick={onChoose}>
        <FormattedMessage id={renew ? "subscription.renew" : "subscription.choose"} />
      </button>
    </article>
  );
}

/** Every feature, each marked as included or not (in words for screen readers). */
function FeatureList({ included }: { included: (feature: Feature) => boolean }) {
  return (
    <ul className="sub-features">
      {FEATURES.map((f) => (
        <li key={f} className={included(f) ? "sub-features__on" : "sub-features__off"}>
          <Mark on={included(f)} />
          <FormattedMessage id={FEATURE_NAMES[f]} />
        </li>
      ))}
    </ul>
  );
}

function Mark({ on }: { on: boolean }) {
  return (
    <>
      <span className="visually-hidden">
        <FormattedMessage id={on ? "subscription.included" : "subscription.notIncluded"} />
        {": "}
      </span>
      <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
        {on ? <path d="m5 12 5 5 9-10" /> : <path d="M7 7l10 10M17 7 7 17" />}
      </svg>
    </>
  );
}
