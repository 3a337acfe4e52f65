/**
 * The overview's charts, drawn by hand in SVG and HTML (no chart library: see docs/decisions.md).
 * Every chart has its numbers as a table: the bar charts are tables whose bars are decoration; the
 * line-and-bar chart of views per day is an SVG hidden from screen readers with a visually hidden
 * table of the same numbers next to it; the heatmap is a table whose cells are coloured.
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { FormattedMessage, useIntl, type IntlShape } from "react-intl";
import type { Compared } from "./data";

/** The width of an element, followed as it changes. */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** A day (YYYY-MM-DD, a calendar day of the store) as text. */
export const formatDay = (intl: IntlShape, day: string, options: Intl.DateTimeFormatOptions = { day: "numeric", month: "short" }) =>
  intl.formatDate(new Date(`${day}T00:00:00Z`), { ...options, timeZone: "UTC" });

/** Monday 0 … Sunday 6 in the interface language. */
export const weekdayName = (intl: IntlShape, index: number, weekday: "short" | "long" = "short") =>
  intl.formatDate(new Date(Date.UTC(2024, 0, 1 + index)), { weekday, timeZone: "UTC" });

/** The change against the previous period: "up 25%", "down 10%", "new", "no change". */
export function changeOf({ value, previous }: Compared): { kind: "up" | "down" | "same" | "new" | "none"; ratio: number } {
  if (!previous) return { kind: value ? "new" : "none", ratio: 0 };
  const ratio = (value - previous) / previous;
  return { kind: ratio > 0 ? "up" : ratio < 0 ? "down" : "same", ratio: Math.abs(ratio) };
}

/** The change as text for a CSV cell. */
export function changeText(intl: IntlShape, c: Compared) {
  const { kind, ratio } = changeOf(c);
  const percent = intl.formatNumber(ratio, { style: "percent", maximumFractionDigits: 0 });
  return kind === "up" ? `+${percent}` : kind === "down" ? `-${percent}` : kind === "new" ? intl.formatMessage({ id: "overview.change.new" }) : kind === "same" ? "0" : "";
}

/** A small badge: ▲ 25 % / ▼ 10 % / new, with the whole sentence for screen readers. */
export function Change({ value, previous }: Compared) {
  const intl = useIntl();
  const { kind, ratio } = changeOf({ value, previous });
  if (kind === "none") return <span className="change change--none">—</span>;
  const percent = intl.formatNumber(ratio, { style: "percent", maximumFractionDigits: 0 });
  const visible = kind === "up" ? `▲ ${percent}` : kind === "down" ? `▼ ${percent}` : kind === "same" ? "=" : intl.formatMessage({ id: "overview.change.new" });
  const spoken = intl.formatMessage({ id: `overview.change.${kind}` }, { percent, previous: intl.formatNumber(previous) });
  return (
    <span className={`change change--${kind}`} title={spoken}>
      <span aria-hidden="true">{visible}</span>
      <span className="visually-hidden">{spoken}</span>
    </span>
  );
}

/** Round axis maximum and step (1, 2 or 5 × 10^k) for a largest value. */
function axis(max: number) {
  if (max <= 0) return { top: 4, step: 1 };
  const raw = max / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  const rounded = Math.max(1, step);
  return { top: Math.ceil(max / rounded) * rounded, step: rounded };
}

type Day = { day: string; views: number; previous_day: string; previous: number };

/** Menu views per day (bars) with the previous period's days (dashed line), and its table. */
export function DailyChart({ daily, caption }: { daily: Day[]; caption: string }) {
  const intl = useIntl();
  const [ref, width] = useWidth<HTMLDivElement>();
  const height = 220;
  const pad = { left: 40, right: 8, top: 12, bottom: 28 };
  const plotW = Math.max(0, width - pad.left - pad.right);
  const plotH = height - pad.top - pad.bottom;
  const { top, step } = axis(Math.max(...daily.map((d) => Math.max(d.views, d.previous))));
  const band = daily.length ? plotW / daily.length : 0;
  const y = (v: number) => pad.top + plotH - (v / top) * plotH;
  const ticks = Array.from({ length: Math.floor(top / step) + 1 }, (_, i) => i * step);
  const every = Math.max(1, Math.ceil(daily.length / Math.max(1, Math.floor(plotW / 64))));
  const line = daily.map((d, i) => `${i ? "L" : "M"}${(pad.left + band * (i + 0.5)).toFixed(1)},${y(d.previous).toFixed(1)}`).join("");
  return (
    <div className="daily-chart">
      <div className="chart-legend" aria-hidden="true">
        <span className="chart-legend__item">
          <span className="chart-legend__swatch chart-legend__swatch--bar" />
          <FormattedMessage id="overview.legend.current" />
        </span>
        <span className="chart-legend__item">
          <span className="chart-legend__swatch chart-legend__swatch--line" />
          <FormattedMessage id="overview.legend.previous" />
        </span>
      </div>
      <div ref={ref} className="daily-chart__canvas">
        {width > 0 ? (
          <svg width={width} height={height} aria-hidden="true" focusable="false" data-testid="daily-chart">
            {ticks.map((t) => (
              <g key={t}>
                <line x1={pad.left} x2={width - pad.right} y1={y(t)} y2={y(t)} className="chart-grid" />
                <text x={pad.left - 6} y={y(t)} dy="0.32em" textAnchor="end" className="chart-label">
                  {intl.formatNumber(t, { notation: "compact" })}
                </text>
              </g>
            ))}
            {daily.map((d, i) => {
              const h = (d.views / top) * plotH;
              return (
                <rect key={d.day} x={pad.left + band * i + band * 0.15} width={Math.max(1, band * 0.7)} y={pad.top + plotH - h} height={h} rx={Math.min(3, band * 0.2)} className="chart-bar">
                  <title>{`${formatDay(intl, d.day)}: ${intl.formatNumber(d.views)}`}</title>
                </rect>
              );
            })}
            <path d={line} className="chart-line" />
            {daily.map((d, i) =>
              i % every === 0 ? (
                <text key={d.day} x={pad.left + band * (i + 0.5)} y={height - 8} textAnchor="middle" className="chart-label">
                  {formatDay(intl, d.day)}
                </text>
              ) : null,
            )}
          </svg>
        ) : null}
      </div>
      {/* A table cannot be made 1 px wide itself: its box is hidden instead. */}
      <div className="visually-hidden">
        <table data-testid="daily-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="overview.col.day" />
              </th>
              <th scope="col">
                <FormattedMessage id="overview.col.views" />
              </th>
              <th scope="col">
                <FormattedMessage id="overview.col.previousDay" />
              </th>
              <th scope="col">
                <FormattedMessage id="overview.col.previous" />
              </th>
            </tr>
          </thead>
          <tbody>
            {daily.map((d) => (
              <tr key={d.day}>
                <th scope="row">{formatDay(intl, d.day, { day: "numeric", month: "long", weekday: "short" })}</th>
                <td>{intl.formatNumber(d.views)}</td>
                <td>{formatDay(intl, d.previous_day, { day: "numeric", month: "long" })}</td>
                <td>{intl.formatNumber(d.previous)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export type BarRow = Compared & { key: string; label: ReactNode; media?: ReactNode };

/**
 * A ranking as a table: label, the count with a bar (decoration), the change. The table is what
 * screen readers read; the bars only repeat its numbers.
 */
export function BarTable({ caption, labelHeader, valueHeader, rows, testId }: { caption: string; labelHeader: string; valueHeader: string; rows: BarRow[]; testId?: string }) {
  const intl = useIntl();
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <table className="bar-table" data-testid={testId}>
      <caption className="visually-hidden">{caption}</caption>
      <thead className="bar-table__head">
        <tr>
          <th scope="col">
            <span className="visually-hidden">{labelHeader}</span>
          </th>
          <th scope="col">
            <span className="visually-hidden">{valueHeader}</span>
          </th>
          <th scope="col">
            <span className="visually-hidden">
              <FormattedMessage id="overview.col.change" />
            </span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">
              <span className="bar-table__label">
                {r.media}
                <span className="bar-table__text">{r.label}</span>
              </span>
            </th>
            <td className="bar-table__value">
              <span className="bar-table__number">{intl.formatNumber(r.value)}</span>
              <span className="bar-table__track" aria-hidden="true">
                <span className="bar-table__bar" style={{ inlineSize: `${(r.value / max) * 100}%` }} />
              </span>
            </td>
            <td className="bar-table__change">
              <Change value={r.value} previous={r.previous} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
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
