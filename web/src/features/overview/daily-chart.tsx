/**
 * Menu views per day, drawn with visx (a lazy chunk of its own: only the overview loads it; see
 * docs/decisions.md). The SVG is hidden from screen readers; a visually hidden table beside it holds
 * the same numbers.
 */
import { AxisBottom, AxisLeft } from "@visx/axis";
import { GridRows } from "@visx/grid";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar, LinePath } from "@visx/shape";
import { useLayoutEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { DataTable, type Column } from "@/components/data-table";
import type { MessageId } from "@/i18n/catalogs";
import { formatDay } from "./charts";

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

type Day = { day: string; views: number; previous_day: string; previous: number };

const HEIGHT = 220;
const PAD = { left: 40, right: 8, top: 12, bottom: 28 };

/** Menu views per day (bars) with the previous period's days (dashed line), drawn with visx, and its table. */
export default function DailyChart({ daily, caption }: { daily: Day[]; caption: string }) {
  const intl = useIntl();
  const [ref, width] = useWidth<HTMLDivElement>();
  const plotW = Math.max(0, width - PAD.left - PAD.right);
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = scaleBand({ domain: daily.map((d) => d.day), range: [0, plotW], padding: 0.3 });
  const y = scaleLinear({ domain: [0, Math.max(4, ...daily.map((d) => Math.max(d.views, d.previous)))], range: [plotH, 0], nice: 4 });
  const center = (d: Day) => (x(d.day) ?? 0) + x.bandwidth() / 2;
  // About one day label per 64 px.
  const every = Math.max(1, Math.ceil(daily.length / Math.max(1, Math.floor(plotW / 64))));
  // visx's own label font and colours off: the stylesheet's .chart-label draws them in the theme.
  const label = { className: "chart-label", fontSize: undefined, fill: undefined, fontFamily: undefined } as const;
  const t = (id: MessageId) => intl.formatMessage({ id });
  const columns: Column<Day>[] = [
    { header: t("overview.col.day"), rowHeader: true, cell: (d) => formatDay(intl, d.day, { day: "numeric", month: "long", weekday: "short" }) },
    { header: t("overview.col.views"), cell: (d) => intl.formatNumber(d.views) },
    { header: t("overview.col.previousDay"), cell: (d) => formatDay(intl, d.previous_day, { day: "numeric", month: "long" }) },
    { header: t("overview.col.previous"), cell: (d) => intl.formatNumber(d.previous) },
  ];
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
          <svg width={width} height={HEIGHT} aria-hidden="true" focusable="false" data-testid="daily-chart">
            <Group left={PAD.left} top={PAD.top}>
              <GridRows scale={y} width={plotW} numTicks={4} className="chart-grid" />
              <AxisLeft
                scale={y}
                numTicks={4}
                hideAxisLine
                hideTicks
                tickFormat={(v) => intl.formatNumber(Number(v), { notation: "compact" })}
                tickLabelProps={() => ({ ...label, textAnchor: "end", dx: -2, dy: "0.32em" })}
              />
              {daily.map((d) => (
                <Bar key={d.day} x={x(d.day)} width={Math.max(1, x.bandwidth())} y={y(d.views)} height={plotH - y(d.views)} rx={Math.min(3, x.bandwidth() / 3)} className="chart-bar">
                  <title>{`${formatDay(intl, d.day)}: ${intl.formatNumber(d.views)}`}</title>
                </Bar>
              ))}
              <LinePath data={daily} x={center} y={(d) => y(d.previous)} className="chart-line" />
              <AxisBottom
                top={plotH}
                scale={x}
                hideAxisLine
                hideTicks
                tickValues={daily.filter((_, i) => i % every === 0).map((d) => d.day)}
                tickFormat={(day) => formatDay(intl, day)}
                tickLabelProps={() => ({ ...label, textAnchor: "middle" })}
              />
            </Group>
          </svg>
        ) : null}
      </div>
      {/* A table cannot be made 1 px wide itself: its box is hidden instead. */}
      <div className="visually-hidden">
        <DataTable testId="daily-table" caption={caption} rows={daily} columns={columns} rowKey={(d) => d.day} />
      </div>
    </div>
  );
}
