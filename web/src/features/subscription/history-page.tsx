import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { FormAlert } from "@/components/form/fields";
import type { CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { EVENT_NAMES, PLAN_NAMES, historyQueryOptions, isPlan } from "./api";
import { PageHead } from "@/components/layout/page-head";

/** .../subscription/history: added, activated, completed and deactivated events, newest first. */
export function HistoryPage({ cs }: { cs: CsObject }) {
  const intl = useIntl();
  const history = useQuery(historyQueryOptions(cs.store_id));
  useEffect(() => {
    document.title = `${intl.formatMessage({ id: "subscription.historyTitle" })} — QR Menu`;
  }, [intl]);
  const events = [...(history.data ?? [])].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <>
      <PageHead title={<FormattedMessage id="subscription.historyTitle" />} lead={<FormattedMessage id="subscription.historyLead" />} />
      <section className="panel">
        {history.isPending ? (
          <p role="status">
            <FormattedMessage id="common.loading" />
          </p>
        ) : history.error ? (
          <FormAlert>{errorMessageFor(history.error)}</FormAlert>
        ) : events.length === 0 ? (
          <p className="sub-empty" data-testid="history-empty">
            <FormattedMessage id="subscription.historyEmpty" />
          </p>
        ) : (
          <table className="data-table" data-testid="history-table">
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="subscription.colEvent" />
                </th>
                <th scope="col">
                  <FormattedMessage id="subscription.colPlan" />
                </th>
                <th scope="col">
                  <FormattedMessage id="subscription.colDate" />
                </th>
              </tr>
            </thead>
            <tbody>
              {events.map((e, i) => (
                <tr key={`${e.subscription_id}-${e.event}-${i}`} data-testid="history-row">
                  <td>
                    <span className="data-table__primary">{EVENT_NAMES[e.event] ? <FormattedMessage id={EVENT_NAMES[e.event]!} /> : e.event}</span>
                  </td>
                  <td data-label={intl.formatMessage({ id: "subscription.colPlan" })}>
                    {isPlan(e.plan) ? <FormattedMessage id={PLAN_NAMES[e.plan]} /> : e.plan}
                  </td>
                  <td data-label={intl.formatMessage({ id: "subscription.colDate" })}>
                    {intl.formatDate(e.at, { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
