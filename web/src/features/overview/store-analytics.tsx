import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { FormAlert } from "@/components/form/fields";
import type { CsObject } from "@/lib/admin-scope";
import { BarTable, Change, changeText, formatDay, Heatmap, weekdayName } from "./charts";
import { MORE_IS } from "./change";
import { downloadCsv, type Cell } from "./csv";
import { storeAnalyticsQueryOptions, type Compared, type RangeQuery, type StoreAnalytics } from "./api";
import { EmptyState } from "./empty-state";
import { CsvButton, Figure } from "./figure";
import { PeriodPicker } from "./period-picker";
import "./overview.css";

/** The chart library comes with the overview's chart only, not with every admin page. */
const DailyChart = lazy(() => import("./daily-chart"));

const KPIS = [
  ["views", "overview.kpi.views"],
  ["scans", "overview.kpi.scans"],
  ["item_opens", "overview.kpi.itemOpens"],
  ["cart_adds", "overview.kpi.cartAdds"],
  ["search_misses", "overview.kpi.searchMisses"],
] as const;

/** A language's name in the interface language ("Chinese", "Китайский"). */
function languageLabel(locale: string, code: string) {
  try {
    const name = new Intl.DisplayNames([locale], { type: "language" }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return code;
  }
}

const nothing = (t: StoreAnalytics["totals"]) => Object.values(t).every((c) => !c.value && !c.previous);

/**
 * The store's guest analytics for the chosen period, each figure compared with the period just
 * before it, each downloadable as CSV.
 */
export function StoreAnalyticsPanel({ cs, range, onRange }: { cs: CsObject; range: RangeQuery; onRange: (r: RangeQuery) => void }) {
  const intl = useIntl();
  const query = useQuery(storeAnalyticsQueryOptions(cs.store_id, range));
  const data = query.data;
  const t = (id: Parameters<typeof intl.formatMessage>[0]["id"]) => intl.formatMessage({ id });
  const file = (figure: string) => (data ? `${cs.store_url_key}-${figure}-${data.range.from}_${data.range.to}.csv` : `${figure}.csv`);
  const compared = (rows: (Compared & { label: Cell; extra?: Cell[] })[]) =>
    rows.map((r) => [r.label, ...(r.extra ?? []), r.value, r.previous, changeText(intl, r)] as Cell[]);
  const itemTitle = (i: StoreAnalytics["items_viewed"][number]) => i.titles[intl.locale] ?? i.title;
  const searchLabel = (s: StoreAnalytics["searches"][number]) => (s.other ? t("overview.searches.other") : s.term);
  const tableName = (r: StoreAnalytics["tables"][number]) => r.name ?? intl.formatMessage({ id: "overview.tableUnknown" }, { position: r.position });
  const thumb = (src: string | null) =>
    src ? <img className="thumb" src={src} alt="" width={40} height={40} loading="lazy" decoding="async" /> : <span className="thumb thumb--empty" aria-hidden="true" />;

  return (
    <section className="panel overview" aria-labelledby="overview-title" aria-busy={query.isFetching} data-testid="overview">
      <div className="overview__head">
        <div>
          <h2 id="overview-title" className="panel__title">
            <FormattedMessage id="overview.title" />
          </h2>
          <p className="overview__range" data-testid="overview-range">
            {data ? (
              <FormattedMessage
                id="overview.range"
                values={{
                  from: formatDay(intl, data.range.from, { day: "numeric", month: "short", year: "numeric" }),
                  to: formatDay(intl, data.range.to, { day: "numeric", month: "short", year: "numeric" }),
                  prevFrom: formatDay(intl, data.previous.from),
                  prevTo: formatDay(intl, data.previous.to),
                }}
              />
            ) : (
              <FormattedMessage id="overview.lead" />
            )}
          </p>
        </div>
        <PeriodPicker value={range} onChange={onRange} today={data?.today} />
      </div>

      {query.isPending ? (
        <p role="status" className="overview__status">
          <FormattedMessage id="overview.loading" />
        </p>
      ) : query.isError && !data ? (
        <FormAlert tone="error">
          <FormattedMessage id="overview.error" />
        </FormAlert>
      ) : null}

      {data && nothing(data.totals) ? <EmptyState cs={cs} /> : null}

      {data && !nothing(data.totals) ? (
        <>
          <div className="figure__head kpis__head">
            <h3 className="figure__title">{t("overview.kpi.title")}</h3>
            <CsvButton
              figure={t("overview.kpi.title")}
              testId="csv-totals"
              onClick={() =>
                downloadCsv(file("totals"), [
                  [t("overview.col.figure"), t("overview.col.count"), t("overview.col.previous"), t("overview.col.change")],
                  ...compared(KPIS.map(([key, label]) => ({ label: t(label), ...data.totals[key] }))),
                ])
              }
            />
          </div>
          <div className="kpis" data-testid="kpis">
            {KPIS.map(([key, label]) => (
              <div key={key} className="kpi" data-testid={`kpi-${key}`}>
                <span className="kpi__label">{t(label)}</span>
                <span className="kpi__value" data-testid={`kpi-${key}-value`}>
                  {intl.formatNumber(data.totals[key].value)}
                </span>
                <Change {...data.totals[key]} more={MORE_IS[key]} />
              </div>
            ))}
          </div>
          <p className="figure__note kpis__note" data-testid="kpis-note">
            {t("overview.kpi.howCounted")}
          </p>

          <div className="figures">
            <Figure
              id="daily"
              wide
              title={t("overview.figure.daily")}
              onCsv={() =>
                downloadCsv(file("views-per-day"), [
                  [t("overview.col.day"), t("overview.col.views"), t("overview.col.previousDay"), t("overview.col.previous")],
                  ...data.daily.map((d) => [d.day, d.views, d.previous_day, d.previous]),
                ])
              }
            >
              <Suspense fallback={<div className="daily-chart daily-chart--loading" aria-busy="true" />}>
                <DailyChart daily={data.daily} caption={t("overview.figure.daily")} />
              </Suspense>
            </Figure>

            <Figure
              id="tables"
              title={t("overview.figure.tables")}
              empty={!data.tables.length}
              onCsv={() =>
                downloadCsv(file("qr-scans-per-table"), [
                  [t("overview.col.table"), t("overview.col.position"), t("overview.col.scans"), t("overview.col.previous"), t("overview.col.change")],
                  ...compared(data.tables.map((r) => ({ label: tableName(r), extra: [r.position], ...r }))),
                ])
              }
            >
              <BarTable
                caption={t("overview.figure.tables")}
                labelHeader={t("overview.col.table")}
                valueHeader={t("overview.col.scans")}
                testId="tables-table"
                rows={data.tables.map((r) => ({ key: String(r.position), label: tableName(r), value: r.value, previous: r.previous }))}
              />
            </Figure>

            <Figure
              id="calls"
              title={t("overview.figure.calls")}
              empty={!data.calls.total.value && !data.calls.total.previous}
              onCsv={() =>
                downloadCsv(file("calls-per-table"), [
                  [t("overview.col.table"), t("overview.col.position"), t("overview.col.calls"), t("overview.col.previous"), t("overview.col.change")],
                  ...compared(data.calls.tables.map((r) => ({ label: tableName(r), extra: [r.position], ...r }))),
                  [t("overview.col.medianWait"), null, data.calls.median_wait_seconds, data.calls.previous_median_wait_seconds],
                ])
              }
            >
              <p data-testid="calls-median">
                {intl.formatMessage({ id: "overview.calls.median" }, { seconds: data.calls.median_wait_seconds ?? "—" })}
              </p>
              <BarTable
                caption={t("overview.figure.calls")}
                labelHeader={t("overview.col.table")}
                valueHeader={t("overview.col.calls")}
                testId="calls-table"
                rows={data.calls.tables.map((r) => ({ key: String(r.position), label: tableName(r), value: r.value, previous: r.previous }))}
              />
            </Figure>

            <Figure
              id="languages"
              title={t("overview.figure.languages")}
              empty={!data.languages.length}
              onCsv={() =>
                downloadCsv(file("languages"), [
                  [t("overview.col.language"), t("overview.col.views"), t("overview.col.previous"), t("overview.col.change")],
                  ...compared(data.languages.map((r) => ({ label: languageLabel(intl.locale, r.language), ...r }))),
                ])
              }
            >
              <BarTable
                caption={t("overview.figure.languages")}
                labelHeader={t("overview.col.language")}
                valueHeader={t("overview.col.views")}
                rows={data.languages.map((r) => ({
                  key: r.language,
                  label: languageLabel(intl.locale, r.language),
                  value: r.value,
                  previous: r.previous,
                }))}
              />
            </Figure>

            {(
              [
                ["items-viewed", "items_viewed", "overview.figure.itemsViewed", "overview.col.opens"],
                ["items-added", "items_added", "overview.figure.itemsAdded", "overview.col.adds"],
              ] as const
            ).map(([id, key, title, column]) => (
              <Figure
                key={id}
                id={id}
                title={t(title)}
                empty={!data[key].length}
                onCsv={() =>
                  downloadCsv(file(id), [
                    [t("overview.col.item"), "item_id", t(column), t("overview.col.previous"), t("overview.col.change")],
                    ...compared(data[key].map((i) => ({ label: itemTitle(i), extra: [i.item_id], ...i }))),
                  ])
                }
              >
                <BarTable
                  caption={t(title)}
                  labelHeader={t("overview.col.item")}
                  valueHeader={t(column)}
                  testId={`${id}-table`}
                  rows={data[key].map((i) => ({ key: i.item_id, label: itemTitle(i), media: thumb(i.thumbnail), value: i.value, previous: i.previous }))}
                />
              </Figure>
            ))}

            <Figure
              id="searches"
              title={t("overview.figure.searches")}
              note={
                <>
                  <FormattedMessage id="overview.figure.searchesNote" />
                  <br />
                  <FormattedMessage id="overview.figure.searchesRule" />
                </>
              }
              empty={!data.searches.length}
              onCsv={() =>
                downloadCsv(file("searches-without-result"), [
                  [t("overview.col.term"), t("overview.col.count"), t("overview.col.previous"), t("overview.col.change")],
                  ...compared(data.searches.map((s) => ({ ...s, label: searchLabel(s) }))),
                ])
              }
            >
              <BarTable
                caption={t("overview.figure.searches")}
                labelHeader={t("overview.col.term")}
                valueHeader={t("overview.col.count")}
                testId="searches-table"
                more="worse"
                rows={data.searches.map((s) => ({ key: s.term, label: searchLabel(s), value: s.value, previous: s.previous }))}
              />
            </Figure>

            <Figure
              id="heatmap"
              wide
              title={t("overview.figure.heatmap")}
              note={<FormattedMessage id="overview.figure.heatmapNote" values={{ timeZone: data.time_zone }} />}
              onCsv={() =>
                downloadCsv(file("views-by-weekday-and-hour"), [
                  [t("overview.col.weekday"), ...Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`)],
                  ...data.heatmap.map((row, d) => [weekdayName(intl, d, "long"), ...row]),
                ])
              }
            >
              <Heatmap grid={data.heatmap} caption={t("overview.figure.heatmap")} />
            </Figure>
          </div>
        </>
      ) : null}
    </section>
  );
}
