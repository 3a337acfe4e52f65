/**
 * Guest analytics, read side (issue 13): the overview of a store for a range of days compared with
 * the period just before it, and the stores of a company side by side. Every read is a key query:
 * the store (gsi1), its counters (one Query per shard, sk between the days), its tables and items
 * (Query pk `company_id, store_id`). Pure aggregation is separate, so it is tested on its own.
 */
import { z } from "zod";
import { Db } from "../db/service";
import { variantKey } from "../media/variants";
import { clock } from "../shared/clock";
import { UserError } from "../shared/errors";
import { fn } from "../shared/fn";
import { DEFAULT_TIME_ZONE } from "../shared/model";
import { assertCanManageCompany } from "../shared/policy";
import { storeCommand } from "../command/store-command";
import { storesOfCompany } from "../store/store";
import { tablesOfStore } from "../tables/table";
import { OTHER_SEARCHES } from "./search-terms";
import { medianWait } from "./call-waits";
import { metricsOf, RETENTION_DAYS, zonedDayHour, type Counter } from "./analytics";

const Id = z.string().min(1).max(64);
const DAY_MS = 86_400_000;
export const PERIODS = ["7", "30", "90", "custom"] as const;
/** The longest custom range (its previous period must still be within the counters' retention). */
export const MAX_RANGE_DAYS = 200;
export const TOP_ITEMS = 10;
export const TOP_SEARCHES = 20;

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), "Value is incorrect")
  .meta({ format: "date" });

/** 7, 30 or 90 days up to today (in the store's time zone), or `custom` with `from` and `to`. */
export const AnalyticsRange = z.object({
  period: z.enum(PERIODS).default("7"),
  from: Day.optional(),
  to: Day.optional(),
});
export const StoreAnalyticsInput = AnalyticsRange.extend({ storeId: Id });
export const CompanyAnalyticsInput = AnalyticsRange.extend({ companyId: Id });

export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
/** Monday 0 … Sunday 6. */
export const weekdayOf = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

export type Range = { from: string; to: string; days: number; previous: { from: string; to: string } };

/** The days asked for and the period of the same length just before them. */
export function rangeOf(input: z.infer<typeof AnalyticsRange>, today: string): Range {
  let from: string;
  let to: string;
  if (input.period === "custom") {
    if (!input.from || !input.to) throw new UserError("valueIncorrect", 400, { field: input.from ? "to" : "from" });
    to = input.to > today ? today : input.to;
    from = input.from;
    const oldest = addDays(today, -(RETENTION_DAYS - 1));
    if (from > to || from < oldest || daysBetween(from, to) + 1 > MAX_RANGE_DAYS) throw new UserError("valueIncorrect", 400, { field: "from" });
  } else {
    to = today;
    from = addDays(today, -(Number(input.period) - 1));
  }
  const days = daysBetween(from, to) + 1;
  return { from, to, days, previous: { from: addDays(from, -days), to: addDays(from, -1) } };
}

const TOTALS = { views: "menu_view", scans: "qr_scan", item_opens: "item_open", cart_adds: "cart_add", search_misses: "search_miss" } as const;
type TotalName = keyof typeof TOTALS;
export type Compared = { value: number; previous: number };
export type Totals = Record<TotalName, Compared>;

function totalsOf(rows: Counter[], range: Range): Totals {
  const totals = Object.fromEntries(Object.keys(TOTALS).map((k) => [k, { value: 0, previous: 0 }])) as Totals;
  const byMetric = new Map(Object.entries(TOTALS).map(([k, name]) => [name as string, totals[k as TotalName]]));
  for (const r of rows) {
    const t = byMetric.get(r.name);
    if (!t) continue;
    if (r.day >= range.from && r.day <= range.to) t.value += r.count;
    else if (r.day >= range.previous.from && r.day <= range.previous.to) t.previous += r.count;
  }
  return totals;
}

/** Views per day of the range, each with the views of the same day of the previous period. */
function dailyViews(rows: Counter[], range: Range) {
  const perDay = new Map<string, number>();
  for (const r of rows) if (r.name === "menu_view") perDay.set(r.day, (perDay.get(r.day) ?? 0) + r.count);
  return Array.from({ length: range.days }, (_, i) => {
    const day = addDays(range.from, i);
    const previous_day = addDays(range.previous.from, i);
    return { day, views: perDay.get(day) ?? 0, previous_day, previous: perDay.get(previous_day) ?? 0 };
  });
}

/** Counts per key of one metric in the range and in the previous period, most first. */
function byKey(rows: Counter[], range: Range, name: Counter["name"]) {
  const map = new Map<string, Compared>();
  for (const r of rows) {
    if (r.name !== name) continue;
    const inRange = r.day >= range.from && r.day <= range.to;
    if (!inRange && !(r.day >= range.previous.from && r.day <= range.previous.to)) continue;
    const entry = map.get(r.key) ?? { value: 0, previous: 0 };
    if (inRange) entry.value += r.count;
    else entry.previous += r.count;
    map.set(r.key, entry);
  }
  return [...map.entries()].map(([key, c]) => ({ key, ...c })).sort((a, b) => b.value - a.value || b.previous - a.previous || a.key.localeCompare(b.key));
}

/** Views by weekday (Monday first) and hour of the day, in the store's time zone. */
function heatmapOf(rows: Counter[], range: Range) {
  const grid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const r of rows) {
    if (r.name !== "menu_view" || r.day < range.from || r.day > range.to) continue;
    const hour = Number(r.key);
    if (Number.isInteger(hour) && hour >= 0 && hour < 24) grid[weekdayOf(r.day)]![hour]! += r.count;
  }
  return grid;
}

type TableRef = { position: number; name: string };
type ItemRef = { id: string; title: string; photo?: string; translations?: Record<string, { title?: string } | undefined> };

/** The ids the top-item lists may show, best first, with spares for items deleted since. */
function topItemIds(rows: Counter[], range: Range) {
  const best = (name: "item_open" | "cart_add") => byKey(rows, range, name).filter((e) => e.value > 0).slice(0, TOP_ITEMS * 3).map((e) => e.key);
  return [...new Set([...best("item_open"), ...best("cart_add")])];
}

/**
 * Everything the overview shows, from the counters of the range and the previous period. Tables
 * without scans are listed too (a QR code nobody scans is worth knowing); items are the store's
 * current ones (ids of deleted or foreign items are left out).
 */
export function summarize(rows: Counter[], range: Range, tables: TableRef[], items: ItemRef[]) {
  const tableScans = new Map(byKey(rows, range, "qr_scan").map((t) => [Number(t.key), t]));
  const tableRows = tables.map((t) => ({ position: t.position, name: t.name as string | null, value: tableScans.get(t.position)?.value ?? 0, previous: tableScans.get(t.position)?.previous ?? 0 }));
  for (const [position, t] of tableScans) {
    if (!tables.some((x) => x.position === position)) tableRows.push({ position, name: null, value: t.value, previous: t.previous });
  }
  tableRows.sort((a, b) => b.value - a.value || b.previous - a.previous || a.position - b.position);
  const itemsById = new Map(items.map((i) => [i.id, i]));
  const topItems = (name: "item_open" | "cart_add") =>
    byKey(rows, range, name)
      .filter((e) => e.value > 0 && itemsById.has(e.key))
      .slice(0, TOP_ITEMS)
      .map(({ key, value, previous }) => {
        const item = itemsById.get(key)!;
        const titles: Record<string, string> = {};
        for (const [lang, t] of Object.entries(item.translations ?? {})) if (t?.title) titles[lang] = t.title;
        return { item_id: key, title: item.title, titles, thumbnail: item.photo ? `/${variantKey(item.photo, 320)}` : null, value, previous };
      });
  return {
    range: { from: range.from, to: range.to, days: range.days },
    previous: range.previous,
    totals: totalsOf(rows, range),
    daily: dailyViews(rows, range),
    tables: tableRows,
    items_viewed: topItems("item_open"),
    items_added: topItems("cart_add"),
    languages: byKey(rows, range, "language").map(({ key, value, previous }) => ({ language: key, value, previous })),
    heatmap: heatmapOf(rows, range),
    searches: searchesOf(byKey(rows, range, "search_miss")),
    calls: callsOf(rows, range, tables),
  };
}

/**
 * Table calls (issue 36): handled calls in all and per table (every table listed, most called
 * first), and the median seconds until a call was taken, from the daily histograms (call-waits.ts).
 */
function callsOf(rows: Counter[], range: Range, tables: TableRef[]) {
  const perTable = new Map(byKey(rows, range, "call").map((t) => [Number(t.key), t]));
  const listed = tables.map((t) => ({ position: t.position, name: t.name as string | null, value: perTable.get(t.position)?.value ?? 0, previous: perTable.get(t.position)?.previous ?? 0 }));
  for (const [position, t] of perTable) if (!tables.some((x) => x.position === position)) listed.push({ position, name: null, value: t.value, previous: t.previous });
  listed.sort((a, b) => b.value - a.value || b.previous - a.previous || a.position - b.position);
  const waits = byKey(rows, range, "call_wait");
  return {
    total: listed.reduce((sum, t) => ({ value: sum.value + t.value, previous: sum.previous + t.previous }), { value: 0, previous: 0 }),
    tables: listed,
    median_wait_seconds: medianWait(new Map(waits.map((w) => [w.key, w.value]))),
    previous_median_wait_seconds: medianWait(new Map(waits.map((w) => [w.key, w.previous]))),
  };
}
/** The most frequent terms, then the terms beyond each day's limit (search-terms.ts) as one last line, "other searches". */
function searchesOf(terms: ReturnType<typeof byKey>) {
  const counted = terms.filter((e) => e.value > 0);
  const named = counted.filter((e) => e.key !== OTHER_SEARCHES).slice(0, TOP_SEARCHES);
  const other = counted.filter((e) => e.key === OTHER_SEARCHES);
  return [...named, ...other].map(({ key, value, previous }) => ({ term: key, other: key === OTHER_SEARCHES, value, previous }));
}
export type StoreAnalytics = ReturnType<typeof summarize> & { store_id: string; time_zone: string; today: string };

/** Today in the store's time zone. */
export const todayIn = (timeZone: string) => zonedDayHour(clock.now(), timeZone).day;

/** GET /api/analytics: the overview of one store (every staff role of the store). */
export const storeAnalytics = storeCommand(StoreAnalyticsInput, {}, async ({ store }, { storeId: _store, ...input }): Promise<StoreAnalytics> => {
  const time_zone = store.time_zone ?? DEFAULT_TIME_ZONE;
  const today = todayIn(time_zone);
  const range = rangeOf(input, today);
  const keys = { company_id: store.company_id, store_id: store.store_id };
  const [rows, tables] = await Promise.all([
    metricsOf(keys.company_id, keys.store_id, range.previous.from, range.to),
    tablesOfStore(keys.company_id, keys.store_id),
  ]);
  // Only the items the lists may name (issue 31): one BatchGetItem, whatever the store's size.
  const ids = topItemIds(rows, range);
  const items = ids.length
    ? await Db()
        .entities.item.get(ids.map((item_id) => ({ ...keys, item_id })))
        .go({ attributes: ["item_id", "title", "photo", "translations"] })
    : { data: [] };
  return {
    store_id: store.store_id,
    time_zone,
    today,
    ...summarize(
      rows,
      range,
      tables.map((t) => ({ position: t.position, name: t.name })),
      items.data.map((i) => ({ id: i.item_id, title: i.title, photo: i.photo, translations: i.translations })),
    ),
  };
});

/**
 * GET /api/analytics/company: every store of the company side by side (company managers and
 * admins): the totals of the range against the previous period and the views per day. Each store's
 * days are in its own time zone.
 */
export const companyAnalytics = fn(CompanyAnalyticsInput, async ({ companyId, ...input }) => {
  assertCanManageCompany(companyId);
  const stores = await storesOfCompany(companyId);
  const result = await Promise.all(
    stores.map(async (store) => {
      const time_zone = store.time_zone ?? DEFAULT_TIME_ZONE;
      const range = rangeOf(input, todayIn(time_zone));
      const rows = await metricsOf(store.company_id, store.store_id, range.previous.from, range.to);
      return {
        store_id: store.store_id,
        name: store.name,
        url_key: store.url_key,
        time_zone,
        range: { from: range.from, to: range.to, days: range.days },
        previous: range.previous,
        totals: totalsOf(rows, range),
        daily: dailyViews(rows, range).map(({ day, views }) => ({ day, views })),
      };
    }),
  );
  return { stores: result.sort((a, b) => b.totals.views.value - a.totals.views.value || a.name.localeCompare(b.name)) };
});
