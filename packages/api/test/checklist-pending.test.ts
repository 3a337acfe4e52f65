/**
 * Issue 46, point 4: the setup checklist never shows a step done while its work is queued. Texts a
 * change queued for translation are not counted yet while their count is on its way (or running),
 * so the translations step is `pending` and not done, however the kept facts read meanwhile; a
 * queued count lost long ago holds nothing back. (The menu step during a copy: menu-copy.test.ts.)
 * No translate worker runs here: the test runs the counts the worker would.
 */
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { clock, Db, type Actor } from "@menu/core";
import { addDays } from "@menu/core/billing/plans";
import { refreshTranslationFacts } from "@menu/core/translation/facts-refresh";
import { venue } from "../../core/test/fixtures";
import { callAs } from "./support/session";

type Step = { id: string; done: boolean; pending?: boolean; counts: Record<string, number> };

afterEach(() => clock.reset());

describe("the setup checklist while jobs run", () => {
  it("shows translations not done while a change's texts wait for their count, then as counted", async () => {
    const t = await venue("pending");
    const keys = { company_id: t.company_id, store_id: t.store_id };
    const manager: Actor = { type: "user", userId: "m", role: "store_manager", companyId: t.company_id, storeId: t.store_id };
    const translations = async () => ((await callAs(manager, "GET", `/api/setup-checklist?storeId=${t.store_id}`)).body.steps as Step[]).find((s) => s.id === "translations")!;
    // English on a plan that allows it, every text translated by hand and counted: the step is done.
    await Db().entities.store.patch(keys).set({ languages: ["ru", "en"] }).go();
    await Db()
      .entities.subscription.create({ ...keys, subscription_id: randomUUID(), plan: "premium", status: "active", starts_at: addDays(clock.now(), -1).toISOString(), ends_at: addDays(clock.now(), 20).toISOString() })
      .go();
    const en = { en: { title: "Translated", manual: true } };
    await Db().entities.category.patch({ ...keys, category_id: t.category_id }).set({ translations: en }).go();
    for (const item_id of [t.items.visible, t.items.hidden]) await Db().entities.item.patch({ ...keys, item_id }).set({ translations: en }).go();
    await refreshTranslationFacts(keys);
    const settled = await translations();
    expect(settled).toMatchObject({ done: true, counts: { languages: 1, missing: 0 } });
    expect(settled.pending).toBeUndefined();

    // A new dish queues its translation: the facts still say nothing is missing, but the step waits.
    const portion = { weight: "250", unit: "g", price: "5", currency: "BYN" };
    const created = await callAs(manager, "POST", "/api/items", { store_id: t.store_id, category_id: t.category_id, title: "Солянка", description: "", visible: true, portions: [portion] });
    expect(created.status).toBe(201);
    expect(await translations()).toMatchObject({ done: false, pending: true, counts: { missing: 0 } });

    // While a count runs (its lease held), still waiting.
    await refreshTranslationFacts(keys);
    await Db().entities.storeFacts.update(keys).set({ refresh_lease_until: new Date(clock.now().getTime() + 60_000).toISOString() }).go();
    expect(await translations()).toMatchObject({ done: false, pending: true });
    await Db().entities.storeFacts.update(keys).remove(["refresh_lease_until"]).go();

    // Counted: the new dish's text is missing; nothing waits.
    const counted = await translations();
    expect(counted).toMatchObject({ done: false, counts: { missing: 1 } });
    expect(counted.pending).toBeUndefined();

    // A count queued and lost long ago (the process stopped) holds nothing back: the next change queues a new one.
    await Db().entities.storeFacts.update(keys).set({ refresh_queued: true, refresh_queued_at: clock.now().toISOString() }).go();
    expect((await translations()).pending).toBe(true);
    clock.advance(3 * 60_000);
    expect((await translations()).pending).toBeUndefined();
  });
});
