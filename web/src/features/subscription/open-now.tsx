import { useQuery } from "@tanstack/react-query";
import { TRIAL_DAYS, addDays } from "@menu/core/billing/plans";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { Dialog } from "@/components/dialog";
import { activeSubscriptionQueryOptions } from "@/lib/admin-scope";
import { notifyError } from "@/lib/errors";
import { useOpenMenuNow } from "./api";
import { DateSentence } from "./date-sentence";
import { formatDay } from "./billing-format";

type Store = { storeId: string; companyId: string };

/**
 * During preparation: start the 14-day trial at once and open the menu to guests, after one
 * confirmation that names the trial's last day (PRODUCT.md, "Open the menu now"). The subscription
 * page's panel and the welcome dialog offer the same button (issue 50).
 */
export function OpenMenuNowButton({ storeId, companyId, onOpened, secondary }: Store & { onOpened?: () => void; secondary?: boolean }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const start = useOpenMenuNow(storeId, companyId);
  // The day the trial would end if started now (the server answers the exact one).
  const lastDay = formatDay(intl, addDays(new Date(), TRIAL_DAYS).toISOString());
  const confirm = () =>
    start.mutate(undefined, {
      onSuccess: ({ ends_at }) => {
        setOpen(false);
        toast.success(intl.formatMessage({ id: "subscription.openedNow" }, { date: formatDay(intl, ends_at) }));
        onOpened?.();
      },
      onError: (error) => {
        setOpen(false);
        notifyError(error);
      },
    });
  return (
    <>
      <button type="button" className={secondary ? "btn btn--secondary" : "btn btn--primary"} data-testid="open-now" onClick={() => setOpen(true)}>
        <FormattedMessage id="subscription.openNow" />
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        size="sm"
        testId="open-now-dialog"
        title={<FormattedMessage id="subscription.openNowTitle" />}
        footer={
          <>
            <button type="button" className="btn btn--secondary" onClick={() => setOpen(false)}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button type="button" className="btn btn--primary" data-testid="open-now-confirm" disabled={start.isPending} aria-busy={start.isPending || undefined} onClick={confirm}>
              {start.isPending ? <span className="spinner" aria-hidden="true" /> : null}
              <FormattedMessage id="subscription.openNowConfirm" />
            </button>
          </>
        }
      >
        <p>
          <DateSentence id="subscription.openNowText" date={lastDay} />
        </p>
      </Dialog>
    </>
  );
}

/** The subscription page's panel during preparation. */
export function OpenMenuNow(store: Store) {
  return (
    <section className="panel sub-open-now" aria-labelledby="sub-open-now">
      <h2 id="sub-open-now" className="panel__title">
        <FormattedMessage id="subscription.openNowHeading" />
      </h2>
      <p className="panel__lead">
        <FormattedMessage id="subscription.openNowLead" />
      </p>
      <OpenMenuNowButton {...store} />
    </section>
  );
}

/** The button where a new owner first reads about preparation (the welcome dialog, beside its own primary one): only while the store is in it. */
export function OpenMenuNowIfPreparing({ onOpened, ...store }: Store & { onOpened?: () => void }) {
  const state = useQuery(activeSubscriptionQueryOptions(store.storeId));
  return state.data?.phase === "preparation" ? <OpenMenuNowButton {...store} onOpened={onOpened} secondary /> : null;
}
