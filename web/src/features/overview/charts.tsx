/**
 * The overview's figures as HTML tables (rankings with decorative bars, the heatmap), and what the
 * views-per-day chart (daily-chart.tsx) shares with them.
 */
import type { ReactNode } from "react";
import { FormattedMessage, useIntl, type IntlShape } from "react-intl";
import { DataTable, type Column } from "@/components/data-table";
import type { Compared } from "./api";
import { changeOf, toneOf, type Meaning } from "./change";

/** A day (YYYY-MM-DD, a calendar day of the store) as text. */
export const formatDay = (intl: IntlShape, day: string, options: Intl.DateTimeFormatOptions = { day: "numeric", month: "short" }) =>
  intl.formatDate(new Date(`${day}T00:00:00Z`), { ...options, timeZone: "UTC" });

/** Monday 0 … Sunday 6 in the interface language. */
export const weekdayName = (intl: IntlShape, index: number, weekday: "short" | "long" = "short") =>
  intl.formatDate(new Date(Date.UTC(2024, 0, 1 + index)), { weekday, timeZone: "UTC" });

/** The change as text for a CSV cell. */
export function changeText(intl: IntlShape, c: Compared) {
  const { kind, ratio } = changeOf(c);
  const percent = intl.formatNumber(ratio, { style: "percent", maximumFractionDigits: 0 });
  return kind === "up" ? `+${percent}` : kind === "down" ? `-${percent}` : kind === "new" ? intl.formatMessage({ id: "overview.change.new" }) : kind === "same" ? "0" : "";
}

/** A small badge: ▲ 25 % / ▼ 10 % / new, coloured by its meaning, with the whole sentence for screen readers. */
export function Change({ value, previous, more }: Compared & Meaning) {
  const intl = useIntl();
  const { kind, ratio } = changeOf({ value, previous });
  const tone = toneOf(kind, more);
  if (kind === "none") return <span className="change change--none" data-tone={tone}>—</span>;
  const percent = intl.formatNumber(ratio, { style: "percent", maximumFractionDigits: 0 });
  const visible = kind === "up" ? `▲ ${percent}` : kind === "down" ? `▼ ${percent}` : kind === "same" ? "=" : intl.formatMessage({ id: "overview.change.new" });
  const spoken = intl.formatMessage({ id: `overview.change.${kind}` }, { percent, previous: intl.formatNumber(previous) });
  return (
    <span className={`change change--${kind} change--${tone}`} data-tone={tone} title={spoken}>
      <span aria-hidden="true">{visible}</span>
      <span className="visually-hidden">{spoken}</span>
    </span>
  );
}

export type BarRow = Compared & { key: string; label: ReactNode; media?: ReactNode };

/**
 * A ranking as a table: label, the count with a bar (decoration), the change. The table is what
 * screen readers read; the bars only repeat its numbers.
 */
export function BarTable({ caption, labelHeader, valueHeader, rows, testId, more }: { caption: string; labelHeader: string; valueHeader: string; rows: BarRow[]; testId?: string } & Meaning) {
  const intl = useIntl();
  const max = Math.max(1, ...rows.map((r) => r.value));
  const columns: Column<BarRow>[] = [
    {
      header: labelHeader,
      hiddenHeader: true,
      rowHeader: true,
      cell: (r) => (
        <span className="bar-table__label">
          {r.media}
          <span className="bar-table__text">{r.label}</span>
        </span>
      ),
    },
    {
      header: valueHeader,
      hiddenHeader: true,
      className: "bar-table__value",
      cell: (r) => (
        <>
          <span className="bar-table__number">{intl.formatNumber(r.value)}</span>
          <span className="bar-table__track" aria-hidden="true">
            <span className="bar-table__bar" style={{ inlineSize: `${(r.value / max) * 100}%` }} />
          </span>
        </>
      ),
    },
    { header: intl.formatMessage({ id: "overview.col.change" }), hiddenHeader: true, className: "bar-table__change", cell: (r) => <Change value={r.value} previous={r.previous} more={more} /> },
  ];
  return (
    <DataTable className="bar-table" headClassName="bar-table__head" testId={testId} caption={caption} hiddenCaption rows={rows} columns={columns} rowKey={(r) => r.key} />
  );
}

/** Views by weekday (rows, Monday first) and hour (columns) as a table of coloured cells. */
export function Heatmap({ grid, caption }: { grid: number[][]; caption: string }) {
  const intl = useIntl();
  const max = Math.max(1, ...grid.flat());
  return (
    <div className="heatmap">
      {/* Scrolls sideways on phones: focusable, so keyboard users can scroll it too. */}
      <div className="heatmap__scroll" tabIndex={0} role="region" aria-label={caption}>
        <table className="heatmap__table" data-testid="heatmap">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <td />
              {Array.from({ length: 24 }, (_, h) => (
                <th key={h} scope="col" className="heatmap__hour">
                  <span aria-hidden="true">{h % 3 === 0 ? h : ""}</span>
                  <span className="visually-hidden">{`${String(h).padStart(2, "0")}:00`}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.map((row, d) => (
              <tr key={d}>
                <th scope="row" className="heatmap__day">
                  <span aria-hidden="true">{weekdayName(intl, d)}</span>
                  <span className="visually-hidden">{weekdayName(intl, d, "long")}</span>
                </th>
                {row.map((n, h) => (
                  <td
                    key={h}
                    className="heatmap__cell"
                    style={{ background: n ? `color-mix(in srgb, var(--accent) ${Math.round(12 + (n / max) * 88)}%, var(--surface-muted))` : undefined }}
                    title={`${weekdayName(intl, d, "long")}, ${String(h).padStart(2, "0")}:00 — ${intl.formatNumber(n)}`}
                  >
                    <span className="visually-hidden">{intl.formatNumber(n)}</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="heatmap__legend" aria-hidden="true">
        <FormattedMessage id="overview.heatmap.fewer" />
        <span className="heatmap__ramp" />
        <FormattedMessage id="overview.heatmap.more" />
      </div>
    </div>
  );
}
