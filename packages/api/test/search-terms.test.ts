/**
 * What guests type is shown only in aggregate (issue 49, point 1): a search term reaches the owner's
 * overview (and its CSV, made from the same answer) only once SEARCH_TERM_GUESTS different guests
 * searched it on a day; before that it counts in "other searches". Guests are told apart by their
 * page's random id, stored only as a hash and only while the term waits.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { clock, Db, type Actor } from "@menu/core";
import { metricsOf } from "@menu/core/analytics/analytics";
import { OTHER_SEARCHES, SEARCH_TERM_GUESTS } from "@menu/core/analytics/search-terms";
import { venue } from "../../core/test/fixtures";
import { tenantRows } from "./support/tenant-rows";

const app = createApp();
const PHONE = "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
/** Each guest's page keeps its own random id (beacon.ts); each phone has its own address here. */
const guest = (n: number) => ({ device: `0123456789abcdef-guest-${n}`, address: `198.51.100.${n}` });
const search = (store_id: string, who: ReturnType<typeof guest> | { address: string }, ...terms: string[]) =>
  app.request(
    "/api/events",
    {
      method: "POST",
      body: JSON.stringify({ store_id, device: "device" in who ? who.device : undefined, events: terms.map((term) => ({ type: "search_miss", term })) }),
      headers: { "content-type": "application/json", "user-agent": PHONE },
    },
    { incoming: { socket: { remoteAddress: who.address } } },
  );
const overviewSearches = async (v: { company_id: string; store_id: string }) => {
  const staff: Actor = { type: "user", userId: "m", role: "store_manager", companyId: v.company_id, storeId: v.store_id };
  const res = await createApp({ resolveActor: () => staff }).request(`/api/analytics?storeId=${v.store_id}&period=7`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { searches: { term: string; other: boolean; value: number }[] }).searches;
};
const searchRows = async (v: { company_id: string; store_id: string }) =>
  (await Db().entities.searchTermGuests.query.byTerm({ company_id: v.company_id, store_id: v.store_id }).go({ pages: "all" })).data;

afterEach(() => clock.reset());

describe("search terms are shown once enough different guests searched them", () => {
  it("holds a term under other searches until the third guest, then moves every one of its searches to it", async () => {
    const v = await venue("termsk");
    clock.set(new Date("2030-06-10T09:00:00Z"));
    // Two guests, one of them three times, one of those twice in a batch: still two guests.
    expect((await search(v.store_id, guest(1), "Иван Петров")).status).toBe(204);
    expect((await search(v.store_id, guest(1), "иван петров", "ИВАН ПЕТРОВ")).status).toBe(204);
    expect((await search(v.store_id, guest(2), "Иван Петров")).status).toBe(204);
    expect(await overviewSearches(v)).toEqual([{ term: OTHER_SEARCHES, other: true, value: 4, previous: 0 }]);

    // The term's row keeps hashes, never the ids the pages sent, and goes the day after its day.
    const [held] = await searchRows(v);
    expect(held).toMatchObject({ day: "2030-06-10", term: "иван петров", held: 4 });
    expect(held!.guests).toHaveLength(2);
    expect(JSON.stringify(await tenantRows(new Set([v.company_id, v.store_id])))).not.toMatch(/guest-[12]/);
    expect(held!.expiresAt).toBe(Date.parse("2030-06-12T00:00:00Z") / 1000);

    // The third guest: the term is shown with all five searches, "other" is back to nothing.
    expect((await search(v.store_id, guest(3), "иван петров")).status).toBe(204);
    expect(await overviewSearches(v)).toEqual([{ term: "иван петров", other: false, value: 5, previous: 0 }]);
    const [shown] = await searchRows(v);
    expect(shown).toMatchObject({ shown: true });
    expect(shown!.guests).toBeUndefined();
    // From then on each search counts as the term at once.
    expect((await search(v.store_id, guest(1), "иван петров")).status).toBe(204);
    expect(await overviewSearches(v)).toEqual([{ term: "иван петров", other: false, value: 6, previous: 0 }]);
  });

  it("counts the day's guests afresh: two guests yesterday and one today show nothing", async () => {
    const v = await venue("termsday");
    clock.set(new Date("2030-06-09T09:00:00Z"));
    await search(v.store_id, guest(1), "visit evil example");
    await search(v.store_id, guest(2), "visit evil example");
    clock.set(new Date("2030-06-10T09:00:00Z"));
    await search(v.store_id, guest(3), "visit evil example");
    expect(await overviewSearches(v)).toEqual([{ term: OTHER_SEARCHES, other: true, value: 3, previous: 0 }]);
  });

  it("keeps a batch without a guest id under other searches, however many such batches come", async () => {
    const v = await venue("termsanon");
    clock.set(new Date("2030-06-10T09:00:00Z"));
    for (let n = 1; n <= 5; n++) expect((await search(v.store_id, { address: `198.51.100.${n}` }, "паспорт мр")).status).toBe(204);
    expect(await overviewSearches(v)).toEqual([{ term: OTHER_SEARCHES, other: true, value: 5, previous: 0 }]);
    expect(await searchRows(v)).toEqual([]);
  });

  it("moves each held search exactly once when many guests search at the same moment", async () => {
    const v = await venue("termsrace");
    clock.set(new Date("2030-06-10T09:00:00Z"));
    const guests = Array.from({ length: 4 * SEARCH_TERM_GUESTS }, (_, n) => guest(n + 1));
    expect((await Promise.all(guests.map((g) => search(v.store_id, g, "пицца с ананасом")))).map((r) => r.status)).toEqual(guests.map(() => 204));
    const rows = (await metricsOf(v.company_id, v.store_id, "2030-06-10", "2030-06-10")).filter((r) => r.name === "search_miss");
    expect(Object.fromEntries(rows.map((r) => [r.key, r.count]))).toEqual({ "пицца с ананасом": guests.length, [OTHER_SEARCHES]: 0 });
  });

  it("refuses a guest id that is not a plain random token", async () => {
    const v = await venue("termsbad");
    for (const device of ["short", "ivan.petrov@example.com-0000", "x".repeat(65)]) {
      expect((await search(v.store_id, { device, address: "198.51.100.9" }, "суп")).status).toBe(400);
    }
  });
});
