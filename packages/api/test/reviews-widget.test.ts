import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { Db } from "@menu/core";
import { browser, captureMail } from "./support/browser-client";
import { PASSWORD, platformAdmin, tenant } from "./support/accounts";

const app = createApp();
captureMail();
type Tenant = Awaited<ReturnType<typeof tenant>>;
type State = { allowed: boolean; org_id: string | null; widget_url: string | null };
let t: Tenant;
let other: Tenant;
let owner: ReturnType<typeof browser>;
let manager: ReturnType<typeof browser>;
let stranger: ReturnType<typeof browser>;
let strangerManager: ReturnType<typeof browser>;
let admin: ReturnType<typeof browser>;

const body = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;
const signedIn = async (email: string) => {
  const b = browser(app);
  expect((await b.signIn(email, PASSWORD)).status).toBe(200);
  return b;
};

/** The store's current subscription: one active period of the plan covering now. */
async function onPlan(v: Tenant, plan: "basic" | "premium") {
  const keys = { company_id: v.company_id, store_id: v.store_id };
  const { data } = await Db().entities.subscription.query.byStore(keys).go();
  await Promise.all(data.map((s) => Db().entities.subscription.patch({ ...keys, subscription_id: s.subscription_id }).set({ status: "completed" }).go()));
  const now = Date.now();
  await Db()
    .entities.subscription.create({
      ...keys,
      subscription_id: randomUUID(),
      plan,
      status: "active",
      starts_at: new Date(now - 86_400_000).toISOString(),
      ends_at: new Date(now + 20 * 86_400_000).toISOString(),
      paid_at: new Date(now - 86_400_000).toISOString(),
    })
    .go();
}

const storedRow = async (v: Tenant) => (await Db().entities.store.get({ company_id: v.company_id, store_id: v.store_id }).go()).data!;
const save = (b: ReturnType<typeof browser>, widget_code: string, store_id = t.store_id) => b.send("PUT", "/api/reviews-widget", { store_id, widget_code });

const ORG = "1234567890";
const SNIPPET = `<div style="width:560px;height:800px;overflow:hidden;position:relative;"><iframe style="width:100%;height:100%;border:1px solid #e6e6e6;border-radius:8px;box-sizing:border-box" src="https://yandex.ru/maps-reviews-widget/${ORG}?comments"></iframe><a href="https://yandex.by/maps/org/kafe_na_uglu/${ORG}/" target="_blank" style="box-sizing:border-box;text-decoration:none;color:#b3b3b3;font-size:10px;font-family:YS Text,sans-serif;padding:0 20px;position:absolute;bottom:8px;width:100%;text-align:center;left:0;overflow:hidden;text-overflow:ellipsis;display:block;max-height:14px;white-space:nowrap;padding:0 16px;box-sizing:border-box">Кафе на углу на карте Минска — Яндекс Карты</a></div>`;

beforeAll(async () => {
  [t, other] = await Promise.all([tenant("reviews"), tenant("reviewsother")]);
  const a = await platformAdmin();
  [owner, manager, stranger, strangerManager, admin] = await Promise.all([
    signedIn(t.owner.email),
    signedIn(t.manager.email),
    signedIn(other.owner.email),
    signedIn(other.manager.email),
    signedIn(a.email),
  ]);
  await onPlan(t, "premium");
});

describe("settings/yandex-reviews: the widget code", () => {
  it("accepts the maps service's snippet, its bare iframe and its address on the known domains, and keeps only the organisation id", async () => {
    const accepted: [string, string][] = [
      [SNIPPET, ORG],
      [`<iframe src="https://yandex.by/maps-reviews-widget/987654?comments"></iframe>`, "987654"],
      [`  <iframe style="width:100%" src='https://yandex.kz/maps-reviews-widget/111222333?comments&amp;lang=en'></iframe>\n`, "111222333"],
      ["https://yandex.com/maps-reviews-widget/55501", "55501"],
      ["https://yandex.com.tr/maps-reviews-widget/77/?comments", "77"],
      ["//yandex.uz/maps-reviews-widget/42?comments", "42"],
    ];
    for (const [code, id] of accepted) {
      const res = await save(manager, code);
      expect(res.status, code).toBe(200);
      expect(await body<State>(res)).toEqual({ allowed: true, org_id: id, widget_url: `https://yandex.ru/maps-reviews-widget/${id}?comments` });
      expect((await storedRow(t)).reviews_org_id).toBe(id);
    }
    expect(await body<State>(await manager.get(`/api/reviews-widget?storeId=${t.store_id}`))).toMatchObject({ allowed: true, org_id: "42" });
  });

  it("refuses anything else with the specification's message and leaves the stored id alone", async () => {
    expect((await save(manager, SNIPPET)).status).toBe(200);
    const refused = [
      "",
      "hello",
      "1234567890",
      "https://yandex.ru/maps/org/kafe/1234567890/",
      "https://evil.example/maps-reviews-widget/1234567890?comments",
      "https://yandex.ru.evil.example/maps-reviews-widget/1234567890",
      "https://yandex.ru/maps-reviews-widget/12ab?comments",
      `<iframe src="https://evil.example/maps-reviews-widget/1?comments"></iframe>`,
      `<iframe src="https://yandex.ru/maps-reviews-widget/1?comments"></iframe><script>alert(1)</script>`,
      `<iframe src="https://yandex.ru/maps-reviews-widget/1?comments"></iframe><iframe src="https://yandex.ru/maps-reviews-widget/2?comments"></iframe>`,
      `<div><iframe src="https://yandex.ru/maps-reviews-widget/1?comments"></iframe><a href="https://yandex.ru/maps/org/x/2/">x</a></div>`,
      `<!-- --><iframe src="https://yandex.ru/maps-reviews-widget/1?comments"></iframe>`,
      `<iframe src="https://yandex.ru/maps-reviews-widget/1?comments" onload="alert(1)"><img src=x></iframe>`,
    ];
    for (const code of refused) {
      const res = await save(manager, code);
      expect(res.status, code).toBe(400);
      expect(await body(res), code).toMatchObject({ code: "reviewsWidgetFormat", message: "Incorrect Yandex.Reviews widget format" });
    }
    const tooLong = await save(manager, `<div>${" ".repeat(6000)}</div>`);
    expect(tooLong.status).toBe(400);
    expect((await storedRow(t)).reviews_org_id).toBe(ORG);
  });

  it("never stores the pasted HTML", async () => {
    expect((await save(owner, SNIPPET)).status).toBe(200);
    const row = JSON.stringify(await storedRow(t));
    expect(row).not.toContain("iframe");
    expect(row).not.toContain("yandex");
    expect(row).not.toContain("<");
    expect((await storedRow(t)).reviews_org_id).toBe(ORG);
  });

  it("asks for a publish on save and on removal; removal empties the widget", async () => {
    const requested = async () => (await Db().entities.publication.get({ company_id: t.company_id, store_id: t.store_id }).go()).data?.requested ?? 0;
    const before = await requested();
    expect((await save(manager, SNIPPET)).status).toBe(200);
    expect(await requested()).toBeGreaterThan(before);
    const removed = await manager.send("DELETE", `/api/reviews-widget?storeId=${t.store_id}`);
    expect(removed.status).toBe(200);
    expect(await body<State>(removed)).toEqual({ allowed: true, org_id: null, widget_url: null });
    expect((await storedRow(t)).reviews_org_id).toBeUndefined();
    expect(await requested()).toBeGreaterThan(before + 1);
  });
});

describe("settings/yandex-reviews: plans, roles and tenants", () => {
  it("is refused on the basic plan with a clear message; a wrong code still gets its own message; removal stays possible", async () => {
    await onPlan(other, "premium");
    expect((await save(stranger, SNIPPET, other.store_id)).status).toBe(200);
    await onPlan(other, "basic");
    expect(await body<State>(await stranger.get(`/api/reviews-widget?storeId=${other.store_id}`))).toMatchObject({ allowed: false, org_id: ORG });
    const res = await save(strangerManager, `<iframe src="https://yandex.ru/maps-reviews-widget/5?comments"></iframe>`, other.store_id);
    expect(res.status).toBe(409);
    expect(await body(res)).toMatchObject({ code: "featureNotInPlan", message: "This feature is available on the premium plans" });
    expect((await storedRow(other)).reviews_org_id).toBe(ORG);
    expect(await body(await save(stranger, "nonsense", other.store_id))).toMatchObject({ code: "reviewsWidgetFormat" });
    const removed = await strangerManager.send("DELETE", `/api/reviews-widget?storeId=${other.store_id}`);
    expect(await body<State>(removed)).toEqual({ allowed: false, org_id: null, widget_url: null });
  });

  it("is the store's staff's and the operator's: other tenants and the public get not found and change nothing", async () => {
    expect((await save(manager, SNIPPET)).status).toBe(200);
    for (const b of [stranger, strangerManager, browser(app)]) {
      expect((await b.get(`/api/reviews-widget?storeId=${t.store_id}`)).status).toBe(404);
      expect((await save(b, `<iframe src="https://yandex.ru/maps-reviews-widget/666?comments"></iframe>`)).status).toBe(404);
      expect((await b.send("DELETE", `/api/reviews-widget?storeId=${t.store_id}`)).status).toBe(404);
    }
    expect((await storedRow(t)).reviews_org_id).toBe(ORG);
    expect(await body<State>(await owner.get(`/api/reviews-widget?storeId=${t.store_id}`))).toMatchObject({ org_id: ORG });
    const byAdmin = await save(admin, "https://yandex.ru/maps-reviews-widget/31337?comments");
    expect(await body<State>(byAdmin)).toMatchObject({ org_id: "31337" });
  });
});
