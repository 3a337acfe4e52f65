import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { billingComplete } from "@menu/core/billing/schemas";
import { FEATURES, PAID_PLANS, PREPARATION_DAYS, addDays, featuresLost, type Plan } from "@menu/core/subscription/plans";
import { useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { Dialog } from "@/components/dialog";
import { FormAlert } from "@/components/form/fields";
import type { MessageId } from "@/i18n/catalogs";
import { languageNames, type Language } from "@/i18n/languages";
import type { CsObject } from "@/lib/admin-scope";
import { api, isApiError, unwrap } from "@/lib/api";
import { errorMessageFor, notifyError } from "@/lib/errors";
import type { SessionUser } from "@/lib/session";
import { TranslationVolumeFact } from "@/features/translations/translation-volume";
import {
  FEATURE_NAMES,
  PLAN_NAMES,
  STATUS_NAMES,
  STATUS_TONE,
  activeSubscriptionQueryOptions,
  billingQueryOptions,
  isPlan,
  plansQueryOptions,
  seesCompanyBilling,
  subscriptionKeys,
  type ActiveState,
  type Feature,
  type PlanTable,
  type SubscriptionItem,
} from "./data";
import { formatByn, formatDay } from "./format";

type PaidPlan = (typeof PAID_PLANS)[number];
type Pending = { plan: PaidPlan; lost: Feature[]; downgrade: boolean; renew: boolean };

const DATE_MARK = "\uE000";

/**
 * A sentence with a date in bold and one full stop at its end: a date that ends with an
 * abbreviation's stop (ru "23 февраля 2027 г.") takes the place of the sentence's own ".", so the
 * page never shows "г.." (in any language: the message is formatted around a marker first).
 */
function DateSentence({ id, date }: { id: MessageId; date: string }) {
  const intl = useIntl();
  const [before = "", after = ""] = intl.formatMessage({ id }, { date: DATE_MARK }).split(DATE_MARK);
  const rest = date.endsWith(".") && after.startsWith(".") && !after.startsWith("..") ? after.slice(1) : after;
  return (
    <>
      {before}
      <strong>{date}</strong>
      {rest}
    </>
  );
}

/** .../admin-panel/subscription: the plan and status, the timeline, the plan switcher. */
export function SubscriptionPage({ cs, user }: { cs: CsObject; user: SessionUser }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const state = useQuery(activeSubscriptionQueryOptions(cs.store_id));
  const plans = useQuery(plansQueryOptions());
  const companyBilling = seesCompanyBilling(user);
  const billing = useQuery(billingQueryOptions(cs.company_id, companyBilling));
  const [pending, setPending] = useState<Pending | null>(null);
  useEffect(() => {
    document.title = `${intl.formatMessage({ id: "subscription.title" })} — QR Menu`;
  }, [intl]);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: subscriptionKeys.active(cs.store_id) }),
      queryClient.invalidateQueries({ queryKey: subscriptionKeys.history(cs.store_id) }),
      queryClient.invalidateQueries({ queryKey: subscriptionKeys.invoices(cs.company_id) }),
    ]);

  const add = useMutation({
    mutationFn: (input: { plan: PaidPlan; confirm_downgrade: boolean }) =>
      unwrap(api.api.subscription.add.$post({ json: { storeId: cs.store_id, ...input } })),
    meta: { silentError: true },
    onSuccess: async (result) => {
      setPending(null);
      toast.success(intl.formatMessage({ id: "subscription.added" }, { number: result.number }));
      await refresh();
    },
    onError: async (error, input) => {
      if (isApiError(error) && error.code === "downgradeNeedsConfirmation") {
        const details = (error.body as { details?: { features_lost?: Feature[] } } | undefined)?.details;
        setPending({ plan: input.plan, lost: details?.features_lost ?? [], downgrade: true, renew: false });
        return;
      }
      setPending(null);
      notifyError(error);
      if (isApiError(error) && error.status === 409) await refresh();
    },
  });

  const activate = useMutation({
    mutationFn: (subscriptionId: string) =>
      unwrap(api.api.subscription.activate.$post({ json: { storeId: cs.store_id, subscriptionId } })),
    onSuccess: async (result) => {
      toast.success(intl.formatMessage({ id: result.status === "active" ? "subscription.activatedNow" : "subscription.activatedQueued" }));
      await refresh();
    },
  });

  if (state.isPending || plans.isPending) {
    return (
      <p role="status">
        <FormattedMessage id="common.loading" />
      </p>
    );
  }
  if (state.error || plans.error) return <FormAlert>{errorMessageFor(state.error ?? plans.error)}</FormAlert>;
  const s = state.data;
  const table = plans.data;
  const current = s.active?.plan;
  // Details saved before today's rules that fail them count as missing (the server refuses a paid plan too).
  const billingMissing = billing.isSuccess && (billing.data === null || !billingComplete(billing.data));
  // Renewing the plan the store has (or last had) is not a switch: no cooldown, no downgrade.
  const renewal = s.renewal_plan;
  const blocked = (plan: PaidPlan) => s.switch_blocked_by_unpaid || billingMissing || (plan !== renewal && !!s.next_switch_at);

  const choose = (plan: PaidPlan) => {
    const renew = plan === renewal;
    const downgrade = !renew && !!renewal && table[plan].rank < table[renewal].rank;
    setPending({ plan, lost: downgrade && renewal ? (featuresLost(renewal, plan) as Feature[]) : [], downgrade, renew });
  };

  const params = { company: cs.company_url_key, store: cs.store_url_key };
  return (
    <>
      <div className="page-head">
        <div>
          <h1 className="page-head__title">
            <FormattedMessage id="subscription.title" />
          </h1>
          <p className="page-head__lead">
            <FormattedMessage id="subscription.lead" />
          </p>
        </div>
      </div>

      <CurrentPlan state={s} storeId={cs.store_id} />

      <div className="sub-alerts">
        {s.switch_blocked_by_unpaid ? (
          <FormAlert tone="info" testId="switch-unpaid">
            <FormattedMessage id="subscription.unpaidBlocks" />{" "}
            {companyBilling ? (
              <Link to="/$company/$store/admin-panel/subscription/payments" params={params}>
                <FormattedMessage id="subscription.toPayments" />
              </Link>
            ) : null}
          </FormAlert>
        ) : null}
        {s.next_switch_at ? (
          <FormAlert tone="info" testId="switch-cooldown">
            <DateSentence id="subscription.nextSwitch" date={formatDay(intl, s.next_switch_at)} />
          </FormAlert>
        ) : null}
        {billingMissing ? (
          <FormAlert tone="info" testId="billing-missing">
            <FormattedMessage id="subscription.billingFirst" />{" "}
            <Link to="/$company/$store/admin-panel/subscription/requisites" params={params}>
              <FormattedMessage id="subscription.toRequisites" />
            </Link>
          </FormAlert>
        ) : null}
      </div>

      <Timeline state={s} activating={activate.isPending} onActivate={(id) => activate.mutate(id)} />

      <section className="panel" aria-labelledby="sub-plans">
        <h2 id="sub-plans" className="panel__title">
          <FormattedMessage id="subscription.plansTitle" />
        </h2>
        <p className="panel__lead">
          <FormattedMessage id="subscription.plansLead" />
        </p>
        <div className="sub-plans">
          {PAID_PLANS.map((plan) => (
            <PlanCard
              key={plan}
              plan={plan}
              table={table}
              current={current === plan}
              renew={renewal === plan}
              disabled={blocked(plan) || add.isPending}
              onChoose={() => choose(plan)}
            />
          ))}
        </div>
      </section>

      <Dialog
        open={!!pending}
        onClose={() => setPending(null)}
        size="sm"
        testId="switch-dialog"
        title={<FormattedMessage id={pending?.renew ? "subscription.renewTitle" : pending?.downgrade ? "subscription.downgradeTitle" : "subscription.switchTitle"} values={{ plan: pending ? intl.formatMessage({ id: PLAN_NAMES[pending.plan] }) : "" }} />}
        footer={
          <>
            <button type="button" className="btn btn--secondary" onClick={() => setPending(null)}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button
              type="button"
              className="btn btn--primary"
              data-testid="switch-confirm"
              disabled={add.isPending}
              aria-busy={add.isPending || undefined}
              onClick={() => pending && add.mutate({ plan: pending.plan, confirm_downgrade: pending.downgrade })}
            >
              {add.isPending ? <span className="spinner" aria-hidden="true" /> : null}
              <FormattedMessage id={pending?.downgrade ? "subscription.downgradeConfirm" : "subscription.switchConfirm"} />
            </button>
          </>
        }
      >
        {pending ? (
          <div className="sub-dialog">
            <p>
              <FormattedMessage
                id="subscription.switchText"
                values={{ plan: intl.formatMessage({ id: PLAN_NAMES[pending.plan] }), price: formatByn(intl, table[pending.plan].price) }}
              />
            </p>
            {pending.downgrade && pending.lost.length ? (
              <>
                <p>
                  <FormattedMessage id="subscription.downgradeLoses" />
                </p>
                <ul className="sub-dialog__lost" data-testid="features-lost">
                  {pending.lost.map((f) => (
                    <li key={f}>
                      <FormattedMessage id={FEATURE_NAMES[f]} />
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            <p className="sub-dialog__note">
              <FormattedMessage id={pending.renew ? "subscription.renewNote" : "subscription.switchNote"} />
            </p>
          </div>
        ) : null}
      </Dialog>
    </>
  );
}

function CurrentPlan({ state, storeId }: { state: ActiveState; storeId: string }) {
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
            <ul className="sub-features">
              {FEATURES.map((f) => (
                <li key={f} className={state.features[f] ? "sub-features__on" : "sub-features__off"}>
                  <Mark on={!!state.features[f]} />
                  <FormattedMessage id={FEATURE_NAMES[f]} />
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <TranslationVolumeFact storeId={storeId} />
      </dl>
    </section>
  );
}

type Step = { key: string; kind: "preparation" | "subscription"; sub?: SubscriptionItem; from?: string; to?: string; now: boolean };

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

function Timeline({ state, activating, onActivate }: { state: ActiveState; activating: boolean; onActivate: (id: string) => void }) {
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

function PlanCard({
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
      <ul className="sub-features">
        {FEATURES.map((f) => {
          const on = config.features.includes(f);
          return (
            <li key={f} className={on ? "sub-features__on" : "sub-features__off"}>
              <Mark on={on} />
              <FormattedMessage id={FEATURE_NAMES[f]} />
            </li>
          );
        })}
      </ul>
      <button type="button" className={renew ? "btn btn--secondary btn--block" : "btn btn--primary btn--block"} disabled={disabled} onClick={onChoose}>
        <FormattedMessage id={renew ? "subscription.renew" : "subscription.choose"} />
      </button>
    </article>
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
