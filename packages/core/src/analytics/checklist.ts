/**
 * The setup checklist of the overview (issue 13): what a new venue still has to do, each step read
 * from the real data, so it ticks itself. Key queries only: the store (gsi1); items, categories,
 * promotions, tables, subscriptions, abbreviations and translation jobs Query pk
 * `company_id, store_id`.
 */
import { z } from "zod";
import { Db } from "../db/service";
import { fn } from "../shared/fn";
import { managedStore } from "../shared/policy";
import { subscriptionsOf } from "../subscription/lifecycle";
import { staleFields, translationContext } from "../translation/jobs";
import { TARGETS } from "../translation/targets";

export const CHECKLIST_STEPS = ["logo", "menu", "translations", "tables", "wifi", "subscription"] as const;

export const SetupChecklist = z.object({
  complete: z.boolean(),
  steps: z.array(
    z.object({
      id: z.enum(CHECKLIST_STEPS),
      done: z.boolean(),
      /** What the step found: counts of categories, items, tables, texts missing a translation. */
      counts: z.record(z.string(), z.number()),
    }),
  ),
});
export type SetupChecklist = z.infer<typeof SetupChecklist>;

/** GET /api/setup-checklist: the steps in order, each done or not by the store's data. */
export const setupChecklist = fn(z.object({ storeId: z.string().min(1).max(64) }), async ({ storeId }): Promise<SetupChecklist> => {
  const store = await managedStore(storeId);
  const keys = { company_id: store.company_id, store_id: store.store_id };
  const [ctx, items, categories, promotions, tables, subscriptions, jobs] = await Promise.all([
    translationContext(keys),
    TARGETS.Item.all(keys),
    TARGETS.Category.all(keys),
    TARGETS.Promotion.all(keys),
    Db().entities.table.query.byStore(keys).go({ pages: "all" }),
    subscriptionsOf(keys),
    Db().entities.translation.query.byStore(keys).go({ pages: "all" }),
  ]);
  // A text is missing a translation when any of the store's languages lacks a current one (a
  // hand-made one always counts); queued, running and failed jobs are missing ones too.
  const missing = [...items, ...categories, ...promotions].filter((t) => ctx.languages.some((lang) => staleFields(t, lang, ctx.glossary).length)).length;
  const failed = jobs.data.filter((j) => j.status === "error").length;
  const steps: SetupChecklist["steps"] = [
    { id: "logo", done: !!(store.logo_light || store.logo_dark), counts: {} },
    { id: "menu", done: categories.length > 0 && items.length > 0, counts: { categories: categories.length, items: items.length } },
    { id: "translations", done: missing === 0, counts: { languages: ctx.languages.length, missing, failed } },
    { id: "tables", done: tables.data.length > 0, counts: { tables: tables.data.length } },
    { id: "wifi", done: !!store.wifi?.ssid, counts: {} },
    // Chosen: a plan the venue picked itself (the automatic trial does not count), not deactivated.
    { id: "subscription", done: subscriptions.some((s) => s.plan !== "trial" && s.status !== "deactivated"), counts: {} },
  ];
  return { complete: steps.every((s) => s.done), steps };
});
