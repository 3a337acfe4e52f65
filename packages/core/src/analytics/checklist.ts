/**
 * The setup checklist of the overview (issue 13): what a new venue still has to do, each step read
 * from the real data, so it ticks itself. Counts come from the store's kept facts (issue 31: one
 * GetItem whatever the store's size), the rest from the store record and its subscriptions.
 * A step whose work is still queued (issue 46, point 4) is `pending` and never done: the
 * translations while their count is on its way (the texts a change queued are not counted yet),
 * the menu while a copy into the store runs. The overview reads the list again until none is.
 */
import { z } from "zod";
import { Db } from "../db/service";
import { clock } from "../shared/clock";
import { MENU_LANGUAGES } from "../shared/model";
import { storeCommand } from "../command/store-command";
import { factsOf, requestFactsRefresh } from "../store/facts";
import { subscriptionsOf } from "../billing/lifecycle";
import { factsSignature } from "../translation/facts-refresh";

export const CHECKLIST_STEPS = ["logo", "menu", "translations", "tables", "wifi", "subscription"] as const;

export const SetupChecklist = z.object({
  complete: z.boolean(),
  steps: z.array(
    z.object({
      id: z.enum(CHECKLIST_STEPS),
      done: z.boolean(),
      /** What the step found: counts of categories, items, tables, texts missing a translation. */
      counts: z.record(z.string(), z.number()),
      /** The translations step: the texts missing a translation in each menu language, in the menu's order. */
      languages: z.array(z.object({ language: z.enum(MENU_LANGUAGES), missing: z.number() })).optional(),
      /** Work for this step is queued or running (a translation count, a menu copy): not done until it ends. */
      pending: z.boolean().optional(),
    }),
  ),
});
export type SetupChecklist = z.infer<typeof SetupChecklist>;

type Facts = Awaited<ReturnType<typeof factsOf>>;
/** A queued count older than this was lost (store/facts.ts asks for a new one then): it no longer holds a step back. */
const COUNT_LOST_MS = 2 * 60_000;

/** The translation facts are being counted again: queued (and not lost), or a run holds the count. */
function countingTranslations(facts: Facts, now = clock.now()) {
  const queued = !!facts.refresh_queued && !!facts.refresh_queued_at && Date.parse(facts.refresh_queued_at) > now.getTime() - COUNT_LOST_MS;
  const running = !!facts.refresh_lease_until && Date.parse(facts.refresh_lease_until) > now.getTime();
  return queued || running;
}

/** A menu copy into the store is copying or undoing (its latest copy: copy ids sort by time). */
async function copyUnderWay(keys: { company_id: string; store_id: string }) {
  const { data } = await Db().entities.menuCopy.query.byStore(keys).go({ order: "desc", limit: 1, attributes: ["status"] });
  return data[0]?.status === "copying" || data[0]?.status === "undoing";
}

/** GET /api/setup-checklist: the steps in order, each done or not by the store's data. */
export const setupChecklist = storeCommand(z.object({ storeId: z.string().min(1).max(64) }), {}, async ({ store, keys, translation }): Promise<SetupChecklist> => {
  const [ctx, facts, subscriptions, copying] = await Promise.all([translation(), factsOf(keys), subscriptionsOf(keys), copyUnderWay(keys)]);
  const categories = facts.categories ?? 0;
  const items = facts.items ?? 0;
  const tables = facts.tables ?? 0;
  // Kept by the translate worker (translation/facts-refresh.ts). Counted for other languages or
  // another glossary (a plan that changed them): counted again, shown as they are meanwhile.
  const recount = facts.counted_for !== factsSignature(ctx);
  if (recount) await requestFactsRefresh(keys, []);
  const counting = !!ctx.languages.length && (recount || countingTranslations(facts));
  const missing = ctx.languages.length ? (facts.translations_missing ?? 0) : 0;
  const failed = facts.translations_failed ?? 0;
  const byLanguage = ctx.languages.map((language) => ({ language, missing: facts.missing_by_language?.[language] ?? 0 }));
  const steps: SetupChecklist["steps"] = [
    { id: "logo", done: !!(store.logo_light || store.logo_dark), counts: {} },
    { id: "menu", done: categories > 0 && items > 0 && !copying, counts: { categories, items }, ...(copying ? { pending: true } : {}) },
    {
      id: "translations",
      done: missing === 0 && !counting,
      counts: { languages: ctx.languages.length, missing, failed },
      languages: byLanguage,
      ...(counting ? { pending: true } : {}),
    },
    { id: "tables", done: tables > 0, counts: { tables } },
    { id: "wifi", done: !!store.wifi?.ssid, counts: {} },
    // Chosen: a plan the venue picked itself (the automatic trial does not count), not deactivated.
    { id: "subscription", done: subscriptions.some((s) => s.plan !== "trial" && s.status !== "deactivated"), counts: {} },
  ];
  return { complete: steps.every((s) => s.done), steps };
});
