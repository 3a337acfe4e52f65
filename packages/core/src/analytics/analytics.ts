/**
 * Guest analytics, write side (issue 13): a batch of events from a guest page becomes atomic ADDs
 * on the store's counters of the day (in the store's time zone). No event rows, no IP address, no
 * cookie, no identifiers (a guest's random id is kept only as a hash: for its half hour of counting,
 * guest-seen.ts, and at most a day while a search term waits for its guests, search-terms.ts): only
 * counts per day, metric and key.
 */
import { z } from "zod";
import { Db } from "../db/service";
import { zonedTime } from "../shared/schedule";
import { clock } from "../shared/clock";
import { fn } from "../shared/fn";
import { DEFAULT_TIME_ZONE, MENU_LANGUAGES } from "../shared/model";
import { storeById } from "../store/store";
import { eventTargetsOf, type EventTargets } from "./event-targets";
import type { MetricName } from "../records/metric.entity";
import { OTHER_SEARCHES, searchKeys } from "./search-terms";
import { firstTimes, guestHash } from "./guest-seen";

const Id = z.string().min(1).max(64);

/** One guest event as the guest page sends it (web/src/features/guest-menu/analytics.ts). */
export const GuestEvent = z.discriminatedUnion("type", [
  /** A menu page was opened; `language`: the menu's language at that moment. */
  z.object({ type: z.literal("menu_view"), language: z.enum(MENU_LANGUAGES).optional() }),
  z.object({ type: z.literal("qr_scan"), table: z.number().int().positive().max(100000) }),
  z.object({ type: z.literal("item_open"), item_id: Id }),
  z.object({ type: z.literal("cart_add"), item_id: Id }),
  /** The guest switched the menu to this language. */
  z.object({ type: z.literal("language"), language: z.enum(MENU_LANGUAGES) }),
  /** A search that found nothing; the term is normalised (and dropped if it may be personal data) here. */
  z.object({ type: z.literal("search_miss"), term: z.string().min(1).max(100) }),
]);
export type GuestEvent = z.infer<typeof GuestEvent>;

/** One batch of guest events. */
export const GuestEvents = z.object({
  store_id: Id,
  /**
   * The page's random id for this browser (beacon.ts): it tells guests apart, never who they are.
   * Only its hash with the store's id is kept, for a day at most (guest-seen.ts, search-terms.ts).
   */
  device: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/).optional(),
  events: z.array(GuestEvent).min(1).max(50),
});

/** Counters live this long after their day (DynamoDB TTL on `expiresAt`). */
export const RETENTION_DAYS = 400;
/** A busy store's writes are spread over this many shards (partitions); reads add them up. */
export const METRIC_SHARDS = 4;
/** Batches per second for one store (seen by this process) above which its writes are spread. */
export const BUSY_BATCHES_PER_SECOND = 20;
/** A store found busy keeps spreading its writes this long. */
const BUSY_HOLD_MS = 60_000;

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, "0");

/** The day (YYYY-MM-DD) and hour (00…23) of an instant in a time zone. */
export function zonedDayHour(now: Date, timeZone: string) {
  const z = zonedTime(now, timeZone);
  return { day: `${z.year}-${pad(z.month)}-${pad(z.date)}`, hour: pad(Math.floor(z.minutes / 60)) };
}

/** Epoch seconds at which a counter of `day` expires: RETENTION_DAYS after the day ends. */
export const expiresAtOf = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + (RETENTION_DAYS + 1) * (DAY_MS / 1000);

/** Words that, beside a number, make a search look like a street address ("ул ленина дом 5 кв 12"). */
const ADDRESS_WORDS = /(^|\s)(ул|улица|пр|пр-т|проспект|пер|переулок|б-р|бульвар|ш|шоссе|пл|площадь|д|дом|кв|квартира|корп|корпус|стр|строение|под|подъезд|эт|этаж|vul|st|street|str|ave|avenue|rd|road|apt|flat|house|no)(\s|$)/u;
export const SEARCH_TERM_MAX = 64;

/**
 * A search term as it is counted: lower case, ё as е, letters and digits only, single spaces, at
 * most SEARCH_TERM_MAX characters. Anything that may be personal data is not counted at all (null):
 * an e-mail address, a phone or card number (5 digits or more), a street address (an address word
 * beside a number, or two separate numbers such as "ленина 5-12"); nor is a single letter typed on the way.
 */
export function normalizeSearchTerm(raw: string): string | null {
  if (raw.includes("@") || (raw.match(/\p{N}/gu)?.length ?? 0) >= 5) return null;
  const term = raw
    .normalize("NFKC")
    .toLocaleLowerCase()
    .replace(/ё/g, "е")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  // A decimal ("0,5 л") is one number; "5-12" or "5 12" are two.
  const numbers = raw.match(/\p{N}+(?:[.,]\p{N}+)?/gu)?.length ?? 0;
  if (numbers >= 2 || (numbers >= 1 && ADDRESS_WORDS.test(term))) return null;
  const cut = [...term].slice(0, SEARCH_TERM_MAX).join("").trim();
  if (!cut || ([...cut].length < 2 && !/\p{Script=Han}/u.test(cut))) return null;
  return cut;
}

/** Recent load per store, to tell when one is busy enough to spread its writes. */
const load = new Map<string, { second: number; batches: number; busyUntil: number }>();

/** The shard for a batch: 0, or any of METRIC_SHARDS while the store is busy. */
export function shardFor(store_id: string, nowMs: number) {
  const second = Math.floor(nowMs / 1000);
  let entry = load.get(store_id);
  if (!entry) {
    if (load.size >= 10_000) load.clear();
    entry = { second, batches: 0, busyUntil: 0 };
    load.set(store_id, entry);
  }
  if (entry.second !== second) {
    entry.second = second;
    entry.batches = 0;
  }
  entry.batches++;
  if (entry.batches > BUSY_BATCHES_PER_SECOND) entry.busyUntil = nowMs + BUSY_HOLD_MS;
  return entry.busyUntil > nowMs ? Math.floor(Math.random() * METRIC_SHARDS) : 0;
}

type Counted = { name: MetricName; key: string; n: number };

/**
 * The counters a batch adds to, each with its increment (equal events are added up first). Events
 * naming an item, table or language the store's published menu does not have are dropped; search
 * terms are normalised (personal-looking ones dropped) and then keyed by `searchKey`. A view, a
 * scan or an item opening counts people (guest-seen.ts): once per batch (one guest sends it), and
 * only when `firstTime` says the guest was not counted for it in the window yet; a view's language
 * counts with its view.
 */
export function countersOf(
  events: readonly GuestEvent[],
  hour: string,
  targets: EventTargets,
  { searchKey = (t: string) => t, firstTime = () => true }: { searchKey?: (term: string) => string; firstTime?: (personKey: string) => boolean } = {},
): Counted[] {
  const counts = new Map<string, Counted>();
  const add = (name: MetricName, key: string) => {
    const id = `${name}\u0000${key}`;
    const entry = counts.get(id);
    if (entry) entry.n++;
    else counts.set(id, { name, key, n: 1 });
  };
  const counted = new Set<string>();
  const once = (e: GuestEvent) => {
    const key = personKey(e)!;
    if (counted.has(key) || !firstTime(key)) return false;
    counted.add(key);
    return true;
  };
  for (const e of events) {
    switch (e.type) {
      case "menu_view":
        if (!once(e)) break;
        add("menu_view", hour);
        if (e.language && targets.languages.has(e.language)) add("language", e.language);
        break;
      case "qr_scan":
        if (targets.tables.has(e.table) && once(e)) add("qr_scan", String(e.table));
        break;
      case "item_open":
        if (targets.items.has(e.item_id) && once(e)) add("item_open", e.item_id);
        break;
      case "cart_add":
        if (targets.items.has(e.item_id)) add(e.type, e.item_id);
        break;
      case "language":
        if (targets.languages.has(e.language)) add("language", e.language);
        break;
      case "search_miss": {
        const term = normalizeSearchTerm(e.term);
        if (term) add("search_miss", searchKey(term));
        break;
      }
    }
  }
  return [...counts.values()];
}

/** What a view, a scan or an item opening counts once per guest and window as (guest-seen.ts); nothing for other events. */
const personKey = (e: GuestEvent) => (e.type === "menu_view" ? "view" : e.type === "qr_scan" ? `scan:${e.table}` : e.type === "item_open" ? `open:${e.item_id}` : undefined);

/** The person keys of a batch's views, scans and openings of what the menu has (nothing made up is remembered). */
const personKeysOf = (events: readonly GuestEvent[], targets: EventTargets) =>
  new Set(
    events.flatMap((e) => {
      const known = e.type === "qr_scan" ? targets.tables.has(e.table) : e.type === "item_open" ? targets.items.has(e.item_id) : e.type === "menu_view";
      return known ? [personKey(e)!] : [];
    }),
  );

/** The normalised terms of a batch's searches (those that will be counted). */
export const searchTermsOf = (events: readonly GuestEvent[]) =>
  events.flatMap((e) => (e.type === "search_miss" ? [normalizeSearchTerm(e.term)] : [])).filter((t): t is string => !!t);

/** How long a store's company and time zone are reused for its events (a time zone change counts from then on). */
const PLACE_TTL_MS = 60_000;
const places = new Map<string, { company_id: string; time_zone: string; until: number }>();

/**
 * Where a store's counters go: its company and time zone, kept for a minute in this process so a
 * busy menu costs no store lookup per batch. Unknown stores are not kept (each answers not found).
 */
async function counterPlaceOf(store_id: string) {
  const now = Date.now();
  const kept = places.get(store_id);
  if (kept && kept.until > now) return kept;
  const store = await storeById(store_id);
  const place = { company_id: store.company_id, time_zone: store.time_zone ?? DEFAULT_TIME_ZONE, until: now + PLACE_TTL_MS };
  places.set(store_id, place);
  return place;
}

type CounterAdd = { company_id: string; store_id: string; shard: number; day: string; name: MetricName; key: string; n: number; expiresAt: number };

/**
 * Adds waiting for the write in flight: while one round of ADDs runs, the batches that arrive are
 * summed per counter and written together in the next round, and each caller is answered when the
 * round holding its counts has been written. A busy menu then costs a few UpdateItems per round
 * instead of a few per batch (the same counter was written once per guest, one after another),
 * and no count is acknowledged before it is stored.
 */
let waiting: { adds: Map<string, CounterAdd>; callers: { resolve: () => void; reject: (error: unknown) => void }[] } | undefined;
let writing = false;

function addToCounters(adds: CounterAdd[]): Promise<void> {
  return new Promise((resolve, reject) => {
    waiting ??= { adds: new Map(), callers: [] };
    for (const add of adds) {
      const id = [add.company_id, add.store_id, add.shard, add.day, add.name, add.key].join("\u0000");
      const sum = waiting.adds.get(id);
      if (sum) sum.n += add.n;
      else waiting.adds.set(id, { ...add });
    }
    waiting.callers.push({ resolve, reject });
    if (!writing) void writeRounds();
  });
}

async function writeRounds() {
  writing = true;
  while (waiting) {
    const round = waiting;
    waiting = undefined;
    try {
      await Promise.all(
        [...round.adds.values()].map(({ n, expiresAt, ...key }) => Db().entities.metric.update(key).add({ count: n }).set({ expiresAt }).go()),
      );
      for (const caller of round.callers) caller.resolve();
    } catch (error) {
      for (const caller of round.callers) caller.reject(error);
    }
  }
  writing = false;
}

/**
 * Adds a batch to the store's counters of today (in the store's time zone): atomic ADDs, each also
 * setting the counter's expiry, written with the other batches of the moment (addToCounters).
 * Answers how many counters the batch changed.
 */
export const recordGuestEvents = fn(GuestEvents, async ({ store_id, device, events }) => {
  const store = await counterPlaceOf(store_id);
  const keys = { company_id: store.company_id, store_id };
  const now = clock.now();
  const { day, hour } = zonedDayHour(now, store.time_zone);
  const expiresAt = expiresAtOf(day);
  const guest = device ? guestHash(store_id, device) : undefined;
  const [targets, searches] = await Promise.all([eventTargetsOf(keys), searchKeys({ ...keys, day, expiresAt }, searchTermsOf(events), guest)]);
  const fresh = await firstTimes(keys, guest, personKeysOf(events, targets), now.getTime());
  const counters = countersOf(events, hour, targets, { searchKey: (term) => searches.keys.get(term) ?? OTHER_SEARCHES, firstTime: (key) => fresh.has(key) });
  // Searches held under "other" until their term had enough guests move to the term.
  for (const { term, n } of searches.released) counters.push({ name: "search_miss", key: term, n }, { name: "search_miss", key: OTHER_SEARCHES, n: -n });
  const shard = shardFor(store_id, now.getTime());
  await addToCounters(counters.map(({ name, key, n }) => ({ ...keys, shard, day, name, key, n, expiresAt })));
  return counters.length;
});

export type Counter = { day: string; name: MetricName; key: string; count: number };

/**
 * The counters of a store for a range of days, the shards added up: one Query per shard (pk
 * `company_id, store_id, shard`, sk between the days), in parallel.
 */
export async function metricsOf(company_id: string, store_id: string, fromDay: string, toDay: string): Promise<Counter[]> {
  const shards = await Promise.all(
    Array.from({ length: METRIC_SHARDS }, (_, shard) =>
      Db()
        .entities.metric.query.byStore({ company_id, store_id, shard })
        .between({ day: fromDay }, { day: `${toDay}\uffff` })
        .go({ pages: "all" }),
    ),
  );
  const sum = new Map<string, Counter>();
  for (const { data } of shards) {
    for (const row of data) {
      if (row.day < fromDay || row.day > toDay) continue;
      const id = `${row.day}\u0000${row.name}\u0000${row.key}`;
      const entry = sum.get(id);
      if (entry) entry.count += row.count ?? 0;
      else sum.set(id, { day: row.day, name: row.name, key: row.key, count: row.count ?? 0 });
    }
  }
  return [...sum.values()];
}
