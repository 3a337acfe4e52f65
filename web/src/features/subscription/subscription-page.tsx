import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { billingComplete } from "@menu/core/billing/schemas";
import { PAID_PLANS, featuresLost } from "@menu/core/billing/plans";
import { useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { Dialog } from "@/components/dialog";
import { FormAlert } from "@/components/form/fields";
import { activeSubscriptionQueryOptions, type CsObject } from "@/lib/admin-scope";
import { isApiError } from "@/lib/api";
import { errorMessageFor, notifyError } from "@/lib/errors";
import type { SessionUser } from "@/lib/session";
import { FEATURE_NAMES, PLAN_NAMES, billingQueryOptions, plansQueryOptions, seesCompanyBilling, useActivateSubscription, useAddSubscription, type Feature } from "./api";
import { formatByn, formatDay } from "./billing-format";
import { CurrentPlan, PlanCard } from "./plan-cards";
import { DateSentence } from "./date-sentence";
import { OpenMenuNow } from "./open-now";
import { Timeline } from "./timeline";
import { PageHead } from "@/components/layout/page-head";
import { usePageTitle } from "@/lib/page-title";

type PaidPlan = (typeof PAID_PLANS)[number];
type Pending = { plan: PaidPlan; lost: Feature[]; downgrade: boolean; renew: boolean };

/** .../admin-panel/subscription: the plan and status (with the facts the route adds), the timeline, the plan switcher. */
export function SubscriptionPage({ cs, user, facts }: { cs: CsObject; user: SessionUser; facts?: ReactNode }) {
  const intl = useIntl();
  const state = useQuery(activeSubscriptionQueryOptions(cs.store_id));
  const plans = useQuery(plansQueryOptions());
  const companyBilling = seesCompanyBilling(user);
  const billing = useQuery(billingQueryOptions(cs.company_id, companyBilling));
  const [pending, setPending] = useState<Pending | null>(null);
  usePageTitle(intl.formatMessage({ id: "subscription.title" }));

  const add = useAddSubscription(cs.store_id, cs.company_id);
  const addPlan = (input: { plan: PaidPlan; confirm_downgrade: boolean }) =>
    add.mutate(input, {
      onSuccess: (result) => {
        setPending(null);
        toast.success(intl.formatMessage({ id: "subscription.added" }, { number: result.number }));
      },
      onError: (error) => {
        if (isApiError(error) && error.code === "downgradeNeedsConfirmation") {
          const details = (error.body as { details?: { features_lost?: Feature[] } } | undefined)?.details;
          setPending({ plan: input.plan, lost: details?.features_lost ?? [], downgrade: true, renew: false });
          return;
        }
        setPending(null);
        notifyError(error);
      },
    });

  const activate = useActivateSubscription(cs.store_id, cs.company_id);
  const activatePlan = (subscriptionId: string) =>
    activate.mutate(subscriptionId, {
      onSuccess: (result) =>
        toast.success(intl.formatMessage({ id: result.status === "active" ? "subscription.activatedNow" : "subscription.activatedQueued" })),
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
      <PageHead title={<FormattedMessage id="subscription.title" />} lead={<FormattedMessage id="subscription.lead" />} />

      <CurrentPlan state={s} facts={facts} />
      {s.phase === "preparation" ? <OpenMenuNow storeId={cs.store_id} companyId={cs.company_id} /> : null}

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

      <Timeline state={s} activating={activate.isPending} onActivate={activatePlan} />

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
              onClick={() => pending && addPlan({ plan: pending.plan, confirm_downgrade: pending.downgrade })}
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
