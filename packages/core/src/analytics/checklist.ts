/**
 * The setup checklist of the overview (issue 13): what a new venue still has to do, each step read
 * from the real data, so it ticks itself. Counts come from the store's kept facts (issue 31: one
 * GetItem whatever the store's size), the rest from the store record and its subscriptions.
 */
import { z } from "zod";
import { MENU_LANGUAGES } from "../shared/model";
import { storeCommand } from "../command/store-command";
import { factsOf, requestFactsRefresh } from "../store/facts";
import { subscriptionsOf } from "../subscription/lifecycle";
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
    }),
  ),
});
export type SetupChecklist = z.infer<typeof SetupChecklist>;

/** GET /api/setup-checklist: the steps in order, each done or not by the store's data. */
export const setupChecklist = storeCommand(z.object({ storeId: z.string().min(1).max(64) }), {}, async ({ store, keys, translation }): Promise<SetupChecklist> => {
  const [ctx, facts, subscriptions] = await Promise.all([translation(), factsOf(keys), subscriptionsOf(keys)]);
  const categories = facts.categories ?? 0;
  const items = facts.items ?? 0;
  const tables = facts.tables ?? 0;
  // Kept by the translate worker (translation/facts-refresh.ts). Counted for other languages or
  // another glossary (a plan that changed them): counted again, shown as they are meanwhile.
  if (facts.counted_for !== factsSignature(ctx)) await requestFactsRefresh(keys, []);
  const missing = ctx.languages.length ? (facts.translations_missing ?? 0) : 0;
  const failed = facts.translations_failed ?? 0;
  const byLanguage = ctx.languages.map((language) => ({ language, missing: facts.missing_by_language?.[language] ?? 0 }));
  const steps: SetupChecklist["steps"] = [
    { id: "logo", done: !!(store.logo_light || store.logo_dark), counts: {} },
    { id: "menu", done: categories > 0 && items > 0, counts: { categories, items } },
    { id: "translations", done: missing === 0, counts: { languages: ctx.languages.length, missing, failed }, languages: byLanguage },
    { id: "tables", done: tables > 0, counts: { tables } },
    { id: "wifi", done: !!store.wifi?.ssid, counts: {} },
    // Chosen: a plan the venue picked itself (the automatic trial does not count), not deactivated.
    { id: "subscription", done: subscriptions.some((s) => s.plan !== "trial" && s.status !== "deactivated"), counts: {} },
  ];
  return { complete: steps.every((s) => s.done), steps };
});
