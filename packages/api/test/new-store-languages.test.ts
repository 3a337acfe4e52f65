/**
 * Issue 33, point 4: a new store starts with every menu language its plan (in preparation, the
 * trial) allows, and the setup checklist says how many texts miss a translation in each of them,
 * as the kept facts count them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { Db, type Actor } from "@menu/core";
import { factsOf } from "@menu/core/store/facts";
import { userByEmail } from "@menu/core/auth/user";
import { PLAN_CONFIG } from "@menu/core/billing/plans";
import { refreshTranslationFacts } from "@menu/core/translation/facts-refresh";
import { letters } from "../../core/test/fixtures";
import { PASSWORD, uniqueEmail } from "./support/accounts";
import { browser, captureMail } from "./support/browser-client";
import { body, callAs, signedInTenants, type Client, type Tenant } from "./support/session";

const app = createApp();
captureMail();
const trialLanguages = [...PLAN_CONFIG.trial.languages].sort();
const languagesOf = async ({ company_id, store_id }: { company_id: string; store_id: string }) =>
  [...((await Db().entities.store.get({ company_id, store_id }).go()).data?.languages ?? [])].sort();

let t: Tenant;
let owner: Client;
beforeAll(async () => {
  ({ t, owner } = await signedInTenants(app, "nsl", "nslother"));
});

/** A store registered as a new owner does it. */
async function registered() {
  const b = browser(app);
  const company_url_key = letters("nsl");
  const email = uniqueEmail("nsl");
  const form = { company_name: "Кафе", store_name: "Центр", company_url_key, store_url_key: "center", email, password: PASSWORD, password_confirmation: PASSWORD, ui_locale: "ru" };
  const res = await b.send("POST", "/api/auth/register", form);
  expect(res.status).toBe(201);
  const cs = await body<{ company_id: string; store_id: string }>(await b.get(`/api/cs-object?companyKey=${company_url_key}&storeKey=center`));
  const user = (await userByEmail(email))!;
  return { ...cs, user_id: user.user_id };
}

describe("a new store's menu languages", () => {
  it("a registered store starts with every language of the trial", async () => {
    expect(trialLanguages.length).toBeGreaterThan(1);
    expect(await languagesOf(await registered())).toEqual(trialLanguages);
  });

  it("a company's new store too; a store made otherwise keeps the source language only", async () => {
    const created = await body<{ id: string }>(await owner.send("POST", "/api/stores", { company_id: t.company_id, name: "Парк", url_key: "park" }));
    expect(await languagesOf({ company_id: t.company_id, store_id: created.id })).toEqual(trialLanguages);
    // The fixtures' store (made by createStore directly) has the entity's default.
    expect(await languagesOf(t)).toEqual(["ru"]);
  });

  it("the checklist counts the untranslated texts per language as the kept facts do", async () => {
    const r = await registered();
    const keys = { company_id: r.company_id, store_id: r.store_id };
    const actor: Actor = { type: "user", userId: r.user_id, role: "company_manager", companyId: r.company_id };
    const call = (method: string, path: string, payload?: unknown) => callAs(actor, method, path, payload);
    const checklist = async () => (await call("GET", `/api/setup-checklist?storeId=${r.store_id}`)).body as { steps: { id: string; done: boolean; counts: Record<string, number>; languages?: { language: string; missing: number }[] }[] };
    const translations = async () => (await checklist()).steps.find((s) => s.id === "translations")!;

    const category = await call("POST", "/api/categories", { store_id: r.store_id, section: "kitchen", name: "Супы" });
    expect(category.status).toBe(201);
    const portion = { weight: "250", unit: "g", price: "5", currency: "BYN" };
    for (const title of ["Борщ", "Солянка"]) {
      expect((await call("POST", "/api/items", { store_id: r.store_id, category_id: category.body.id, title, description: "", visible: true, portions: [portion] })).status).toBe(201);
    }
    // One text translated by hand into Arabic: one text fewer to translate into Arabic only.
    expect((await call("PUT", `/api/translations/Category/${category.body.id}/ar`, { store_id: r.store_id, title: "شوربات" })).status).toBe(200);
    await refreshTranslationFacts(keys);

    const step = await translations();
    const facts = await factsOf(keys);
    const others = trialLanguages.filter((l) => l !== "ru");
    // In the menu's language order, each as the facts keep it.
    expect(step.languages!.map((l) => l.language).sort()).toEqual(others);
    expect(step.languages).toEqual(step.languages!.map(({ language }) => ({ language, missing: facts.missing_by_language?.[language as "en"] ?? 0 })));
    expect(Object.fromEntries(step.languages!.map((l) => [l.language, l.missing]))).toEqual({ en: 3, zh: 3, ar: 2, tr: 3, fr: 3 });
    expect(step.counts).toMatchObject({ languages: 5, missing: 3 });
    expect(step.done).toBe(false);
  });
});
