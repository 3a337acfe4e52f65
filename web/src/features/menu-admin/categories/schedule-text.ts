import { DAYS } from "@menu/core/shared/model";
import { useMemo } from "react";
import { useIntl, type IntlShape } from "react-intl";
import type { AdminCategory } from "./api";

type Day = (typeof DAYS)[number];
type Schedule = NonNullable<AdminCategory["schedule"]>;

/** Weekday names in the interface language (Monday 4 March 2030 starts the week). */
export function useDayNames(weekday: "long" | "short"): Record<Day, string> {
  const intl = useIntl();
  return useMemo(
    () => Object.fromEntries(DAYS.map((d, i) => [d, intl.formatDate(Date.UTC(2030, 2, 4 + i), { weekday, timeZone: "UTC" })])) as Record<Day, string>,
    [intl, weekday],
  );
}

/** "Mon, Sat · 08:00–12:00", or only the times when it runs every day. */
export function scheduleSummary(schedule: Schedule, intl: IntlShape, dayNames: Record<Day, string>) {
  const times = `${schedule.start}–${schedule.end}`;
  if (schedule.days.length === DAYS.length) return times;
  const days = DAYS.filter((d) => schedule.days.includes(d)).map((d) => dayNames[d]);
  return `${intl.formatList(days, { type: "unit", style: "narrow" })} · ${times}`;
}
