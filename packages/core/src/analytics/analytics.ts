import { z } from "zod";
import { Db } from "../db/service";
import { zonedTime } from "../menu/schedule";
import { clock } from "../shared/clock";
import { fn } from "../shared/fn";
import { MENU_LANGUAGES } from "../shared/model";
import { storeById } from "../store/store";

/** One batch of guest events as the guest page sends it (analytics.ts in the web app). */
export const GuestEvents = z.object({
  store_id: z.string().min(1).max(64),
  events: z
    .array(
      z.discriminatedUnion("type", [
        z.object({ type: z.literal("menu_view") }),
        z.object({ type: z.literal("qr_scan"), table: z.number().int().positive().max(100000) }),
        z.object({ type: z.literal("item_open"), item_id: z.string().min(1).max(64) }),
        z.object({ type: z.literal("cart_add"), item_id: z.string().min(1).max(64) }),
        z.object({ type: z.literal("language"), language: z.enum(MENU_LANGUAGES) }),
      ]),
    )
    .min(1)
    .max(50),
});

const keyOf = (e: z.infer<typeof GuestEvents>["events"][number]) =>
  e.type === "qr_scan" ? String(e.table) : e.type === "item_open" || e.type === "cart_add" ? e.item_id : e.type === "language" ? e.language : "-";

/** Adds a batch to the store's counters of today (in the store's time zone). */
export const recordGuestEvents = fn(GuestEvents, async ({ store_id, events }) => {
  const store = await storeById(store_id);
  const z = zonedTime(clock.now(), store.time_zone ?? "Europe/Minsk");
  const day = `${z.year}-${String(z.month).padStart(2, "0")}-${String(z.date).padStart(2, "0")}`;
  const counts = new Map<string, { name: (typeof events)[number]["type"]; key: string; n: number }>();
  for (const e of events) {
    const key = keyOf(e);
    const id = `${e.type}\u0000${key}`;
    const entry = counts.get(id);
    if (entry) entry.n++;
    else counts.set(id, { name: e.type, key, n: 1 });
  }
  await Promise.all(
    [...counts.values()].map(({ name, key, n }) =>
      Db()
        .entities.metric.update({ company_id: store.company_id, store_id, day, name, key })
        .add({ count: n })
        .go(),
    ),
  );
  return counts.size;
});

/** The counters of a store for a range of days (for the dashboard). */
export async function metricsOf(company_id: string, store_id: string, fromDay: string, toDay: string) {
  const { data } = await Db()
    .entities.metric.query.byStore({ company_id, store_id })
    .between({ day: fromDay }, { day: `${toDay}\uffff` })
    .go({ pages: "all" });
  return data;
}
