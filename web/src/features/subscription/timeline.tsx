import { PREPARATION_DAYS, addDays } from "@menu/core/billing/plans";
import { FormattedMessage, useIntl } from "react-intl";
import { PLAN_NAMES, STATUS_NAMES, STATUS_TONE, isPlan, type ActiveState, type SubscriptionItem } from "./api";
import { formatDay } from "./billing-format";

type Step = { key: string; kind: "preparation" | "subscription"; sub?: SubscriptionItem; from?: string; to?: string; now: boolean };

/** The steps: preparation first, then started periods by start, then the ones not started yet. */
function timelineOf(state: ActiveState): Step[] {
  const steps: Step[] = [];
  if (state.preparation_ends_at) {
    const to = state.preparation_ends_at;
    const from = addDays(new Date(to), -PREPARATION_DAYS).toISOString();
    steps.push({ key: "preparation", kind: "preparation", from, to, now: state.phase === "preparation" });
  }
  // Started periods by their start; the ones not started yet (unpaid, paid, queued) after them ("~" sorts last).
  const order = (s: SubscriptionItem) => s.starts_at ?? `~${s.created_at}`;
  const subs = [...state.subscriptions].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  for (const sub of subs) {
    steps.push({ key: sub.id, kind: "subscription", sub, from: sub.starts_at, to: sub.ends_at, now: sub.id === state.active?.id });
  }
  return steps;
}

/** Preparation and every subscription in time order, the current one marked; paid ones can be activated. */
export function Timeline({ state, activating, onActivate }: { state: ActiveState; activating: boolean; onActivate: (id: string) => void }) {
  const intl = useIntl();
  const steps = timelineOf(state);
  return (
    <section className="panel" aria-labelledby="sub-timeline">
      <h2 id="sub-timeline" className="panel__title">
        <FormattedMessage id="subscription.timelineTitle" />
      </h2>
      <ol className="sub-timeline" data-testid="timeline">
        {steps.map((step) => (
          <li key={step.key} className={step.now ? "sub-timeline__step sub-timeline__step--now" : "sub-timeline__step"} data-testid="timeline-step">
            <span className="sub-timeline__dot" aria-hidden="true" />
            <div className="sub-timeline__body">
              <div className="sub-timeline__title">
                {step.kind === "preparation" ? (
                  <FormattedMessage id="subscription.preparation" />
                ) : (
                  <FormattedMessage id={isPlan(step.sub!.plan) ? PLAN_NAMES[step.sub!.plan] : "subscription.noPlan"} />
                )}
                {step.sub ? (
                  <span className={STATUS_TONE[step.sub.status]}>
                    <FormattedMessage id={STATUS_NAMES[step.sub.status]} />
                  </span>
                ) : null}
                {step.now ? (
                  <span className="pill">
                    <FormattedMessage id="subscription.now" />
                  </span>
                ) : null}
              </div>
              <div className="sub-timeline__dates">
                {step.from || step.to ? (
                  <FormattedMessage id="subscription.period" values={{ from: formatDay(intl, step.from), to: formatDay(intl, step.to) }} />
                ) : step.sub?.status === "unpaid" ? (
                  <FormattedMessage id="subscription.awaitingPayment" values={{ date: formatDay(intl, step.sub.created_at) }} />
                ) : (
                  <FormattedMessage id="subscription.awaitingActivation" />
                )}
              </div>
              {step.sub?.status === "paid" ? (
                <button type="button" className="btn btn--primary btn--sm" disabled={activating} data-testid="activate" onClick={() => onActivate(step.sub!.id)}>
                  <FormattedMessage id="subscription.activate" />
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
