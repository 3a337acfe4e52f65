import { describe, expect, it } from "vitest";
import { countersOf, expiresAtOf, METRIC_SHARDS, normalizeSearchTerm, RETENTION_DAYS, shardFor, zonedDayHour, type Counter } from "@menu/core/analytics/analytics";
import { isKnownBot } from "@menu/core/analytics/bots";
import { MAX_RANGE_DAYS, rangeOf, summarize, weekdayOf } from "@menu/core/analytics/report";
import { TTL_ATTRIBUTE } from "@menu/core/db/table";
import { MetricEntity } from "@menu/core/records/metric.entity";

describe("guest analytics: what is counted", () => {
  it("normalises search terms and drops what may be personal data", () => {
    expect(normalizeSearchTerm("  Ёжик   в ТУМАНЕ!! ")).toBe("ежик в тумане");
    expect(normalizeSearchTerm("Pho-bo")).toBe("pho bo");
    expect(normalizeSearchTerm("面")).toBe("面");
    expect(normalizeSearchTerm("x")).toBeNull();
    expect(normalizeSearchTerm("!!!")).toBeNull();
    expect(normalizeSearchTerm("ivan@example.com")).toBeNull();
    expect(normalizeSearchTerm("+375 29 123 45 67")).toBeNull();
    expect(normalizeSearchTerm("7up")).toBe("7up");
    expect(normalizeSearchTerm("кола 0,5 л")).toBe("кола 0 5 л");
    expect([...normalizeSearchTerm("а".repeat(80))!].length).toBe(64);
    // Card numbers and street addresses with house numbers: the issue's own examples and kin.
    expect(normalizeSearchTerm("4111 1111 1111 1111")).toBeNull();
    expect(normalizeSearchTerm("ул ленина дом 5 кв 12")).toBeNull();
    expect(normalizeSearchTerm("Ленина 5-12")).toBeNull();
    expect(normalizeSearchTerm("пр. Независимости 4")).toBeNull();
    expect(normalizeSearchTerm("221b Baker Street")).toBeNull();
    expect(normalizeSearchTerm("пицца 4 сыра")).toBe("пицца 4 сыра");
  });

  it("turns a batch into counters: views per hour, the view's language, equal events added up, a view, scan or opening once (one guest sends a batch); what the menu lacks is dropped", () => {
    const targets = { items: new Set(["a"]), tables: new Set([4]), languages: new Set(["ru", "en", "zh"]) };
    const counters = countersOf(
      [
        { type: "item_open", item_id: "ivan@example.com" },
        { type: "cart_add", item_id: "not-on-the-menu" },
        { type: "qr_scan", table: 99 },
        { type: "language", language: "ar" },
        { type: "menu_view", language: "en" },
        { type: "menu_view", language: "fr" },
        { type: "menu_view" },
        { type: "qr_scan", table: 4 },
        { type: "item_open", item_id: "a" },
        { type: "item_open", item_id: "a" },
        { type: "cart_add", item_id: "a" },
        { type: "language", language: "zh" },
        { type: "search_miss", term: "Суши" },
        { type: "search_miss", term: "суши " },
        { type: "search_miss", term: "call me 80291234567" },
      ],
      "21",
      targets,
    );
    expect(counters.sort((a, b) => `${a.name}${a.key}`.localeCompare(`${b.name}${b.key}`))).toEqual([
      { name: "cart_add", key: "a", n: 1 },
      { name: "item_open", key: "a", n: 1 },
      { name: "language", key: "en", n: 1 },
      { name: "language", key: "zh", n: 1 },
      { name: "menu_view", key: "21", n: 1 },
      { name: "qr_scan", key: "4", n: 1 },
      { name: "search_miss", key: "суши", n: 2 },
    ]);
  });

  it("counts a view, scan or opening only when the guest was not counted for it in the window", () => {
    const targets = { items: new Set(["a", "b"]), tables: new Set([4]), languages: new Set(["ru"]) };
    const batch = [
      { type: "menu_view", language: "ru" },
      { type: "qr_scan", table: 4 },
      { type: "item_open", item_id: "a" },
      { type: "item_open", item_id: "b" },
      { type: "cart_add", item_id: "a" },
    ] as const;
    const seenBefore = new Set(["view", "open:a"]);
    const counters = countersOf([...batch], "12", targets, { firstTime: (key) => !seenBefore.has(key) });
    // The view (and so its language) and item a were counted for this guest already; a cart add is not a person count.
    expect(counters.map((c) => `${c.name}:${c.key}:${c.n}`).sort()).toEqual(["cart_add:a:1", "item_open:b:1", "qr_scan:4:1"]);
  });

  it("knows bots, crawlers, link previews, headless browsers and scripts by User-Agent", () => {
    const bots = [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "TelegramBot (like TwitterBot)",
      "WhatsApp/2.23.20.0",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36",
      "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse",
      "curl/8.5.0",
      "python-requests/2.31",
      "node",
      "",
      undefined,
    ];
    const people = [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
      "Mozilla/5.0 (Linux; Android 9; CUBOT X19) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 YaBrowser/23.11.0.0 Safari/537.36",
      "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0",
    ];
    for (const ua of bots) expect(isKnownBot(ua), String(ua)).toBe(true);
    for (const ua of people) expect(isKnownBot(ua), ua).toBe(false);
  });

  it("spreads a busy store's writes over the shards, and only a busy one's", () => {
    const t = Date.parse("2030-01-01T12:00:00Z");
    expect(Array.from({ length: 10 }, () => shardFor("quiet", t))).toEqual(Array(10).fill(0));
    const busy = Array.from({ length: 400 }, () => shardFor("busy", t + 500));
    expect(new Set(busy.slice(0, 20))).toEqual(new Set([0]));
    expect(new Set(busy.slice(21)).size).toBe(METRIC_SHARDS);
    // Still spread a little later, back to one shard once the store has been quiet for a while.
    expect(new Set(Array.from({ length: 200 }, () => shardFor("busy", t + 30_000))).size).toBe(METRIC_SHARDS);
    expect(shardFor("busy", t + 10 * 60_000)).toBe(0);
  });

  it("counts days and hours in the store's time zone, and expires counters 400 days after their day", () => {
    expect(zonedDayHour(new Date("2030-03-10T20:30:00Z"), "Europe/Minsk")).toEqual({ day: "2030-03-10", hour: "23" });
    expect(zonedDayHour(new Date("2030-03-10T21:30:00Z"), "Europe/Minsk")).toEqual({ day: "2030-03-11", hour: "00" });
    expect(zonedDayHour(new Date("2030-03-10T21:30:00Z"), "America/New_York")).toEqual({ day: "2030-03-10", hour: "17" });
    expect(expiresAtOf("2030-03-10")).toBe(Date.parse("2031-04-15T00:00:00Z") / 1000);
    expect(RETENTION_DAYS).toBe(400);
    // The counter's expiry is the table's TTL attribute.
    expect(Object.keys(MetricEntity.schema.attributes)).toContain(TTL_ATTRIBUTE);
  });
});

describe("guest analytics: ranges and the previous period", () => {
  const today = "2030-03-11";
  it("takes 7, 30 or 90 days up to today, compared with as many days before", () => {
    expect(rangeOf({ period: "7" }, today)).toEqual({ from: "2030-03-05", to: today, days: 7, previous: { from: "2030-02-26", to: "2030-03-04" } });
    expect(rangeOf({ period: "30" }, today)).toMatchObject({ from: "2030-02-10", days: 30, previous: { from: "2030-01-11", to: "2030-02-09" } });
    expect(rangeOf({ period: "90" }, today)).toMatchObject({ days: 90, previous: { to: "2029-12-11" } });
  });

  it("takes a custom range, cut at today, and refuses a wrong one", () => {
    expect(rangeOf({ period: "custom", from: "2030-03-01", to: "2030-03-31" }, today)).toEqual({
      from: "2030-03-01",
      to: today,
      days: 11,
      previous: { from: "2030-02-18", to: "2030-02-28" },
    });
    expect(rangeOf({ period: "custom", from: "2030-03-11", to: "2030-03-11" }, today).days).toBe(1);
    for (const bad of [
      { period: "custom" as const, from: "2030-03-01" },
      { period: "custom" as const, from: "2030-03-10", to: "2030-03-01" },
      { period: "custom" as const, from: "2029-01-01", to: "2029-01-31" },
      { period: "custom" as const, from: "2029-08-01", to: "2030-03-10" },
    ]) {
      expect(() => rangeOf(bad, today), JSON.stringify(bad)).toThrow("Value is incorrect");
    }
    expect(MAX_RANGE_DAYS * 2).toBeLessThanOrEqual(RETENTION_DAYS);
  });

  it("adds up the counters of the range and of the previous period for every figure", () => {
    const range = rangeOf({ period: "7" }, today);
    const c = (day: string, name: Counter["name"], key: string, count: number): Counter => ({ day, name, key, count });
    const rows = [
      c("2030-03-11", "menu_view", "09", 3),
      c("2030-03-11", "menu_view", "20", 2),
      c("2030-03-05", "menu_view", "20", 1),
      c("2030-03-04", "menu_view", "12", 4), // previous period (its last day)
      c("2030-02-26", "menu_view", "12", 1), // previous period (its first day)
      c("2030-02-25", "menu_view", "12", 100), // before both: not counted
      c("2030-03-10", "qr_scan", "2", 5),
      c("2030-03-01", "qr_scan", "2", 1),
      c("2030-03-10", "qr_scan", "9", 1), // a table that no longer exists
      c("2030-03-10", "item_open", "soup", 7),
      c("2030-03-10", "item_open", "gone", 9), // a deleted (or foreign) item
      c("2030-03-10", "cart_add", "tea", 2),
      c("2030-03-01", "cart_add", "soup", 3),
      c("2030-03-10", "language", "en", 4),
      c("2030-03-03", "language", "en", 1),
      c("2030-03-10", "language", "ru", 6),
      c("2030-03-10", "search_miss", "суши", 3),
      c("2030-03-03", "search_miss", "суши", 1),
      c("2030-03-03", "search_miss", "пицца", 2),
    ];
    const s = summarize(
      rows,
      range,
      [
        { position: 1, name: "Окно" },
        { position: 2, name: "Терраса" },
      ],
      [
        { id: "soup", title: "Борщ", photo: "media/c/s/photo-1.webp", translations: { en: { title: "Borscht" } } },
        { id: "tea", title: "Чай" },
      ],
    );
    expect(s.totals).toEqual({
      views: { value: 6, previous: 5 },
      scans: { value: 6, previous: 1 },
      item_opens: { value: 16, previous: 0 },
      cart_adds: { value: 2, previous: 3 },
      search_misses: { value: 3, previous: 3 },
    });
    expect(s.daily.map((d) => [d.day, d.views, d.previous_day, d.previous])).toEqual([
      ["2030-03-05", 1, "2030-02-26", 1],
      ["2030-03-06", 0, "2030-02-27", 0],
      ["2030-03-07", 0, "2030-02-28", 0],
      ["2030-03-08", 0, "2030-03-01", 0],
      ["2030-03-09", 0, "2030-03-02", 0],
      ["2030-03-10", 0, "2030-03-03", 0],
      ["2030-03-11", 5, "2030-03-04", 4],
    ]);
    expect(s.tables).toEqual([
      { position: 2, name: "Терраса", value: 5, previous: 1 },
      { position: 9, name: null, value: 1, previous: 0 },
      { position: 1, name: "Окно", value: 0, previous: 0 },
    ]);
    expect(s.items_viewed).toEqual([{ item_id: "soup", title: "Борщ", titles: { en: "Borscht" }, thumbnail: "/media/c/s/photo-1-320w.webp", value: 7, previous: 0 }]);
    expect(s.items_added).toEqual([{ item_id: "tea", title: "Чай", titles: {}, thumbnail: null, value: 2, previous: 0 }]);
    expect(s.languages).toEqual([
      { language: "ru", value: 6, previous: 0 },
      { language: "en", value: 4, previous: 1 },
    ]);
    expect(s.searches).toEqual([{ term: "суши", other: false, value: 3, previous: 1 }]);
    // 2030-03-11 is a Monday, 2030-03-05 a Tuesday.
    expect(weekdayOf("2030-03-11")).toBe(0);
    expect(s.heatmap[0]![9]).toBe(3);
    expect(s.heatmap[0]![20]).toBe(2);
    expect(s.heatmap[1]![20]).toBe(1);
    expect(s.heatmap.flat().reduce((a, b) => a + b, 0)).toBe(6);
  });
});
