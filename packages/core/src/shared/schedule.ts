/**
 * Time in a store's time zone: category schedules and working hours. Pure functions without
 * dependencies, shared by the publish job (server) and the guest menu (browser), so both agree.
 */
export const WEEK_DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

export type ScheduleLike = { enabled: boolean; days: readonly string[]; start: string; end: string };
export type HoursLike = { days: readonly string[]; open: string; close: string };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        weekday: "short",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
      });
    } catch {
      f = formatter("UTC");
    }
    formatters.set(timeZone, f);
  }
  return f;
}

export type ZonedTime = { day: WeekDay; minutes: number; year: number; month: number; date: number };

/**
 * A time zone's UTC offsets over a span of time, so a phone can tell the store's wall-clock time
 * without building a time-zone formatter (tens of milliseconds of a slow CPU on the first view):
 * `changes` holds [UTC ms from which it applies, offset in minutes], the first at the span's start;
 * the span ends at `until` (UTC ms).
 */
export type ZoneOffsets = { until: number; changes: [number, number][] };

/** The weekday and minute of the day of an instant in a time zone (from `offsets` when they cover it). */
export function zonedTime(now: Date, timeZone: string, offsets?: ZoneOffsets): ZonedTime {
  const t = now.getTime();
  let change: [number, number] | undefined;
  if (offsets && t < offsets.until) for (const c of offsets.changes) if (c[0] <= t) change = c;
  if (change) {
    const wall = new Date(t + change[1] * 60_000);
    return {
      day: WEEK_DAYS[(wall.getUTCDay() + 6) % 7]!,
      minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      date: wall.getUTCDate(),
    };
  }
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(now)) parts[p.type] = p.value;
  const day = (parts.weekday ?? "Mon").slice(0, 3).toLowerCase() as WeekDay;
  const hour = Number(parts.hour) % 24;
  return { day, minutes: hour * 60 + Number(parts.minute), year: Number(parts.year), month: Number(parts.month), date: Number(parts.day) };
}

/** The zone's offset in minutes at an instant (whole minutes: no zone in use has seconds). */
function offsetAt(t: number, timeZone: string): number {
  const z = zonedTime(new Date(t), timeZone);
  const wall = Date.UTC(z.year, z.month - 1, z.date, Math.floor(z.minutes / 60), z.minutes % 60);
  return Math.round((wall - Math.floor(t / 60_000) * 60_000) / 60_000);
}

/**
 * The zone's offsets from the start of `from`'s UTC year to the end of the next year: fixed
 * calendar bounds, so a menu published again keeps the same offsets (and its version). Changes
 * are found day by day, then to the minute.
 */
export function zoneOffsets(timeZone: string, from: Date): ZoneOffsets {
  // Kept per zone and year: a publish builds every language's menu of a store, and many stores share a zone.
  const key = `${timeZone}:${from.getUTCFullYear()}`;
  let found = zoneOffsetsCache.get(key);
  if (!found) zoneOffsetsCache.set(key, (found = computeZoneOffsets(timeZone, from)));
  return found;
}
const zoneOffsetsCache = new Map<string, ZoneOffsets>();

function computeZoneOffsets(timeZone: string, from: Date): ZoneOffsets {
  const start = Date.UTC(from.getUTCFullYear(), 0, 1);
  const until = Date.UTC(from.getUTCFullYear() + 2, 0, 1);
  const day = 86_400_000;
  const changes: [number, number][] = [[start, offsetAt(start, timeZone)]];
  for (let t = start + day; t < until; t += day) {
    const offset = offsetAt(t, timeZone);
    if (offset === changes.at(-1)![1]) continue;
    // The first minute of (t - day, t] with the new offset.
    let lo = t - day;
    let hi = t;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetAt(mid, timeZone) === offset) hi = mid;
      else lo = mid;
    }
    changes.push([hi, offset]);
  }
  return { until, changes };
}

export const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(":");
  return Number(h) * 60 + Number(m);
};

const previousDay = (day: WeekDay): WeekDay => WEEK_DAYS[(WEEK_DAYS.indexOf(day) + 6) % 7]!;

/**
 * Whether a daily window [start, end) on the given days covers the moment. An end before the start
 * spans midnight: the part after midnight belongs to the previous day's window. Equal start and end
 * mean the whole day.
 */
export function windowCovers(days: readonly string[], start: string, end: string, at: ZonedTime) {
  const s = toMinutes(start);
  const e = toMinutes(end);
  if (s === e) return days.includes(at.day);
  if (s < e) return days.includes(at.day) && at.minutes >= s && at.minutes < e;
  return (days.includes(at.day) && at.minutes >= s) || (days.includes(previousDay(at.day)) && at.minutes < e);
}

/** A category is available now unless its schedule (when enabled) says otherwise. */
export function scheduleAllows(schedule: ScheduleLike | undefined, at: ZonedTime) {
  if (!schedule?.enabled) return true;
  return windowCovers(schedule.days, schedule.start, schedule.end, at);
}

/** Whether the venue is open by its working hours; undefined when no hours are set. */
export function openNow(hours: readonly HoursLike[], at: ZonedTime): boolean | undefined {
  if (!hours.length) return undefined;
  return hours.some((h) => windowCovers(h.days, h.open, h.close, at));
}

/** The UTC instant of a wall-clock time on a calendar date in a time zone. */
export function zonedToUtc(year: number, month: number, date: number, minutes: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, date, Math.floor(minutes / 60), minutes % 60);
  // The zone's offset at the guess, applied twice to settle around DST changes.
  let utc = guess;
  for (let i = 0; i < 2; i++) {
    const z = zonedTime(new Date(utc), timeZone);
    const shown = Date.UTC(z.year, z.month - 1, z.date, Math.floor(z.minutes / 60), z.minutes % 60);
    utc += guess - shown;
  }
  return new Date(utc);
}

/**
 * The next moment after `now` (within 8 days) at which any of the given wall-clock times passes in
 * the time zone: the next time what guests see by schedule or hours may change.
 */
export function nextBoundary(times: readonly string[], now: Date, timeZone: string): Date | undefined {
  const unique = [...new Set(times.filter((t) => /^\d{2}:\d{2}$/.test(t)).map(toMinutes))];
  if (!unique.length) return undefined;
  const today = zonedTime(now, timeZone);
  let best: Date | undefined;
  for (let offset = 0; offset <= 8 && !best; offset++) {
    const base = new Date(Date.UTC(today.year, today.month - 1, today.date + offset));
    for (const minutes of unique) {
      const at = zonedToUtc(base.getUTCFullYear(), base.getUTCMonth() + 1, base.getUTCDate(), minutes, timeZone);
      if (at > now && (!best || at < best)) best = at;
    }
  }
  return best;
}

/**
 * When the venue next opens after `now` by its working hours (within 8 days): the moment a "sold
 * out today" mark ends. Without working hours, the next midnight in the store's time zone.
 */
export function nextOpening(hours: readonly HoursLike[], now: Date, timeZone: string): Date {
  const today = zonedTime(now, timeZone);
  const openings = hours.length ? hours : [{ days: WEEK_DAYS, open: "00:00", close: "00:00" }];
  for (let offset = 0; offset <= 8; offset++) {
    const base = new Date(Date.UTC(today.year, today.month - 1, today.date + offset));
    const day = WEEK_DAYS[(base.getUTCDay() + 6) % 7]!;
    const times = openings.filter((h) => h.days.includes(day)).map((h) => toMinutes(h.open));
    const candidates = times.map((m) => zonedToUtc(base.getUTCFullYear(), base.getUTCMonth() + 1, base.getUTCDate(), m, timeZone)).filter((at) => at > now);
    if (candidates.length) return new Date(Math.min(...candidates.map((d) => d.getTime())));
  }
  // Hours that name no day: a day from now.
  return new Date(now.getTime() + 24 * 3_600_000);
}
