import { useQuery } from "@tanstack/react-query";

import { FormattedMessage, useIntl } from "react-intl";
import { DataTable, type Column } from "@/components/data-table";
import { PageHead } from "@/components/layout/page-head";
import type { MessageId } from "@/i18n/catalogs";
import type { CsObject } from "@/lib/admin-scope";
import { EVENT_NAMES, PLAN_NAMES, historyQueryOptions, isPlan, type HistoryEvent } from "./api";
import { usePageTitle } from "@/lib/page-title";

const EMPTY = { message: "subscription.historyEmpty", className: "sub-empty", testId: "history-empty" } as const;

/** .../subscription/history: added, activated, completed and deactivated events, newest first. */
export function HistoryPage({ cs }: { cs: CsObject }) {
  const intl = useIntl();
  const history = useQuery(historyQueryOptions(cs.store_id));
  usePageTitle(intl.formatMessage({ id: "subscription.historyTitle" }));
  const events = [...(history.data ?? [])].sort((a, b) => b.at.localeCompare(a.at));
  const t = (id: MessageId) => intl.formatMessage({ id });
  const columns: Column<HistoryEvent>[] = [
    {
      header: t("subscription.colEvent"),
      cell: (e) => <span className="data-table__primary">{EVENT_NAMES[e.event] ? <FormattedMessage id={EVENT_NAMES[e.event]!} /> : e.event}</span>,
    },
    { header: t("subscription.colPlan"), labelled: true, cell: (e) => (isPlan(e.plan) ? <FormattedMessage id={PLAN_NAMES[e.plan]} /> : e.plan) },
    {
      header: t("subscription.colDate"),
      labelled: true,
      cell: (e) => intl.formatDate(e.at, { day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" }),
    },
  ];
  return (
    <>
      <PageHead title={<FormattedMessage id="subscription.historyTitle" />} lead={<FormattedMessage id="subscription.historyLead" />} />
      <section className="panel">
        <DataTable className="data-table" testId="history-table" load={history} rows={events} columns={columns} rowKey={(e, i) => `${e.subscription_id}-${e.event}-${i}`} rowTestId="history-row" empty={EMPTY} />
      </section>
    </>
  );
}
