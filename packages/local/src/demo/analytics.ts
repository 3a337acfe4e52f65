/**
 * Guest analytics history for the demo stores, so the demo overview is not empty on the first
 * start: the counters guests would have left up to yesterday (today is left to real visits), 40
 * days for `center` (7 and 30 days, each with a previous period) and 16 for `park` (7 days and the
 * 7 before). Deterministic (seeded generator); written straight as counters, in shard 0, with the
 * same expiry as counted ones. About 2,200 rows: a few seconds of the first start.
 */
import { Db } from "@menu/core";
import { expiresAtOf, normalizeSearchTerm, zonedDayHour } from "@menu/core/analytics/analytics";
import { addDays, weekdayOf } from "@menu/core/analytics/report";
import { SEARCH_TERM_GUESTS } from "@menu/core/analytics/search-terms";
import { rng } from "./random";

/** Days of history: "30 days" with part of the 30 before it (the venue opened 40 days ago). */
export const DEMO_ANALYTICS_DAYS = 40;
const DAYS_OF: Record<string, number> = { park: 16 };

/** Views per hour of an ordinary weekday (the venues open at 10 and close late). */
const HOURS = [0.5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1.2, 2, 4.5, 5, 3.2, 2, 1.8, 2.6, 4.4, 5.2, 4.6, 3.2, 1.8, 0.9];
/** Monday … Sunday. */
const WEEKDAYS = [0.8, 0.85, 0.9, 1, 1.35, 1.6, 1.25];
const LANGUAGES: [string, number][] = [
  ["ru", 0.72],
  ["en", 0.19],
  ["zh", 0.09],
];
const SEARCHES: [string, number][] = [
  ["суши", 0.5],
  ["бизнес-ланч", 0.45],
  ["без глютена", 0.3],
  ["веганское", 0.25],
  ["латте на овсяном", 0.2],
  ["детское меню", 0.15],
  ["pizza margherita", 0.12],
  ["milkshake", 0.08],
];

type Put = Parameters<ReturnType<typeof Db>["entities"]["metric"]["put"]>[0];

/** Writes the history of each store (its items and tables as they are now). */
export async function seedDemoAnalytics(company_id: string, store_ids: string[], now: Date) {
  for (const store_id of store_ids) {
    const keys = { company_id, store_id };
    const [store, items, tables] = await Promise.all([
      Db().entities.store.get(keys).go(),
      Db().entities.item.query.byStore(keys).go({ pages: "all" }),
      Db().entities.table.query.byStore(keys).go({ pages: "all" }),
    ]);
    const random = rng(`analytics:${store.data?.url_key ?? store_id}`);
    const today = zonedDayHour(now, store.data?.time_zone ?? "Europe/Minsk").day;
    const scale = store.data?.url_key === "park" ? 0.7 : 1;
    const history = DAYS_OF[store.data?.url_key ?? ""] ?? DEMO_ANALYTICS_DAYS;
    // Some dishes are much more popular than others.
    const popularity = items.data.filter((i) => i.visible !== false).map((i) => ({ id: i.item_id, weight: random() ** 3 }));
    popularity.sort((a, b) => b.weight - a.weight);
    const favourites = popularity.slice(0, 8);
    const rows: Put = [];
    const add = (day: string, name: Put[number]["name"], key: string, count: number) => {
      if (count > 0) rows.push({ ...keys, shard: 0, day, name, key, count, expiresAt: expiresAtOf(day) });
    };
    const noisy = (mean: number) => Math.max(0, Math.round(mean * (0.7 + random() * 0.6)));
    for (let back = history; back >= 1; back--) {
      const day = addDays(today, -back);
      // A growing venue: today's level is reached at the end of the history.
      const level = scale * WEEKDAYS[weekdayOf(day)]! * (0.6 + (0.4 * (history - back)) / history);
      let views = 0;
      HOURS.forEach((h, hour) => {
        const n = noisy(h * level * 3);
        views += n;
        add(day, "menu_view", String(hour).padStart(2, "0"), n);
      });
      // Window tables and the terrace are scanned most; a few tables stay quiet on a given day.
      for (const t of tables.data) if (random() < 0.6) add(day, "qr_scan", String(t.position), noisy(((views * 0.9) / Math.max(1, tables.data.length)) * (t.position % 3 === 0 ? 1.6 : 0.8)));
      for (const [i, f] of favourites.entries()) {
        add(day, "item_open", f.id, noisy(views * 0.35 * (f.weight + 0.05) * (i < 4 ? 1.4 : 0.7)));
        if (i < 5) add(day, "cart_add", f.id, noisy(views * 0.12 * (f.weight + 0.05)));
      }
      for (const [language, share] of LANGUAGES) add(day, "language", language, noisy(views * share));
      // A term is listed only when at least SEARCH_TERM_GUESTS guests searched it that day (search-terms.ts).
      for (const [term, chance] of SEARCHES) if (random() < chance * scale) add(day, "search_miss", normalizeSearchTerm(term)!, SEARCH_TERM_GUESTS + Math.floor(random() * 2));
    }
    const { unprocessed } = await Db().entities.metric.put(rows).go({ concurrency: 8 });
    if (unprocessed.length) throw new Error(`demo analytics: ${unprocessed.length} counters not written`);
  }
}
