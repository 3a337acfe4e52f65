import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { DataTable, type Column } from "@/components/data-table";
import type { CsObject } from "@/lib/admin-scope";
import { Change, changeText } from "./charts";
import { MORE_IS } from "./change";
import { downloadCsv } from "./csv";
import { CsvButton } from "./figure";
import { companyAnalyticsQueryOptions, type CompanyAnalytics, type RangeQuery } from "./api";
import "./overview.css";

const COLUMNS = [
  ["views", "overview.kpi.views"],
  ["scans", "overview.kpi.scans"],
  ["item_opens", "overview.kpi.itemOpens"],
  ["cart_adds", "overview.kpi.cartAdds"],
  ["search_misses", "overview.kpi.searchMisses"],
] as const;

type Store = CompanyAnalytics["stores"][number];

/**
 * Every store of the company side by side for the same period (company managers and admins): a
 * table with each figure and its change, the views with a bar, a link to each store's overview.
 */
export function CompanyAnalyticsPanel({ cs, range }: { cs: CsObject; range: RangeQuery }) {
  const intl = useIntl();
  const query = useQuery(companyAnalyticsQueryOptions(cs.company_id, range));
  const stores = query.data?.stores;
  if (!stores || stores.length < 2) return null;
  const t = (id: Parameters<typeof intl.formatMessage>[0]["id"]) => intl.formatMessage({ id });
  const max = Math.max(1, ...stores.map((s) => s.totals.views.value));
  const title = t("overview.company.title");
  const csv = () =>
    downloadCsv(`${cs.company_url_key}-venues-${stores[0]!.range.from}_${stores[0]!.range.to}.csv`, [
      [t("overview.col.store"), ...COLUMNS.flatMap(([, label]) => [t(label), `${t(label)} — ${t("overview.col.previous")}`, `${t(label)} — ${t("overview.col.change")}`])],
      ...stores.map((s) => [s.name, ...COLUMNS.flatMap(([key]) => [s.totals[key].value, s.totals[key].previous, changeText(intl, s.totals[key])])]),
    ]);
  const columns: Column<Store>[] = [
    {
      header: t("overview.col.store"),
      rowHeader: true,
      cell: (s) =>
        s.store_id === cs.store_id ? (
          s.name
        ) : (
          <Link to="/$company/$store/admin-panel" params={{ company: cs.company_url_key, store: s.url_key }}>
            {s.name}
          </Link>
        ),
    },
    ...COLUMNS.map(
      ([key, label]): Column<Store> => ({
        header: t(label),
        cell: (s) => (
          <>
            <span className="company-table__number">{intl.formatNumber(s.totals[key].value)}</span>
            <Change {...s.totals[key]} more={MORE_IS[key]} />
            {key === "views" ? (
              <span className="bar-table__track" aria-hidden="true">
                <span className="bar-table__bar" style={{ inlineSize: `${(s.totals.views.value / max) * 100}%` }} />
              </span>
            ) : null}
          </>
        ),
      }),
    ),
  ];
  return (
    <section className="panel company-overview" aria-labelledby="company-overview-title" data-testid="company-overview">
      <div className="figure__head">
        <div>
          <h2 id="company-overview-title" className="panel__title">
            {title}
          </h2>
          <p className="panel__lead">
            <FormattedMessage id="overview.company.lead" />
          </p>
        </div>
        <CsvButton figure={title} onClick={csv} testId="csv-company" />
      </div>
      <div className="company-overview__scroll" tabIndex={0} role="region" aria-labelledby="company-overview-title">
        <DataTable
          className="company-table"
          testId="company-table"
          caption={title}
          hiddenCaption
          rows={stores}
          columns={columns}
          rowKey={(s) => s.store_id}
          rowProps={(s) => (s.store_id === cs.store_id ? { className: "company-table__current", "aria-current": "true" } : {})}
        />
      </div>
    </section>
  );
}
