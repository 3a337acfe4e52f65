import { createHmac } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { clock, withActor, type Actor } from "@menu/core";
import { advanceStore, startPreparation } from "@menu/core/billing/lifecycle";
import { iban, unp, venue } from "../../core/test/fixtures";
import { callAs as call } from "./support/session";

type Venue = Awaited<ReturnType<typeof venue>>;
let v: Venue;
let other: Venue;
const admin: Actor = { type: "user", userId: "a", role: "admin", companyId: "platform" };
const owner = () => ({ type: "user", userId: "o", role: "company_manager", companyId: v.company_id }) as Actor;

const billing = (company_id: string, n: string) => ({
  company_id,
  organization_name: "ООО Демо",
  director_last_name: "Петров",
  director_first_name: "Пётр",
  director_position: "Директор",
  vat_number: unp(n),
  bank_name: "Приорбанк",
  iban: iban("BY", `PJCB3012000000000000${n}`),
  bic: "PJCBBY2X",
  legal_address: "Минск, пр. Независимости 1",
  postcode: "220030",
  phone: "+375291112233",
});

beforeAll(async () => {
  [v, other] = await Promise.all([venue("subs"), venue("subsother")]);
  await withActor({ type: "system" }, () => startPreparation(v, clock.now()));
});

describe("subscriptions through the API", () => {
  it("shows the preparation phase with trial features, and hides it from other companies", async () => {
    const res = await call(owner(), "GET", `/api/subscription/active?storeId=${v.store_id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phase: "preparation", switch_blocked_by_unpaid: false });
    const stranger: Actor = { type: "user", userId: "s", role: "company_manager", companyId: other.company_id };
    expect((await call(stranger, "GET", `/api/subscription/active?storeId=${v.store_id}`)).status).toBe(404);
    expect((await call({ type: "public" }, "GET", `/api/subscription/active?storeId=${v.store_id}`)).status).toBe(404);
  });

  it("needs billing details before a paid plan", async () => {
    const res = await call(owner(), "POST", "/api/subscription/add", { storeId: v.store_id, plan: "premium" });
    expect(res).toMatchObject({ status: 409, body: { code: "billingRequired" } });
  });

  it("adds a plan with an invoice, blocks switching while unpaid, and activates once the operator marks it paid", async () => {
    expect((await call(owner(), "PUT", "/api/billing", billing(v.company_id, "0001"))).status).toBe(200);
    const added = await call(owner(), "POST", "/api/subscription/add", { storeId: v.store_id, plan: "premium" });
    expect(added.status).toBe(200);
    const again = await call(owner(), "POST", "/api/subscription/add", { storeId: v.store_id, plan: "basic" });
    expect(again.body.code).toBe("unpaidBlocksSwitch");

    const markPaid = { company_id: v.company_id, invoice_id: added.body.invoice_id };
    expect((await call(owner(), "POST", "/api/invoices/mark-paid", markPaid)).status).toBe(403);
    expect((await call(admin, "POST", "/api/invoices/mark-paid", markPaid)).body).toEqual({ already_paid: false });
    expect((await call(admin, "POST", "/api/invoices/mark-paid", markPaid)).body).toEqual({ already_paid: true });

    const activated = await call(owner(), "POST", "/api/subscription/activate", { storeId: v.store_id, subscriptionId: added.body.subscription_id });
    expect(activated.body).toEqual({ status: "active" });
    const state = await call(owner(), "GET", `/api/subscription/active?storeId=${v.store_id}`);
    expect(state.body).toMatchObject({ phase: "active", active: { plan: "premium", status: "active" }, features: { wifi_qr: true, menu_export: true } });
    expect(state.body.next_switch_at).toBeTruthy();

    // The next switch waits 3 months after this one.
    const soon = await call(owner(), "POST", "/api/subscription/add", { storeId: v.store_id, plan: "basic" });
    expect(soon.body).toMatchObject({ code: "switchCooldown", details: { next_switch_at: state.body.next_switch_at } });

    const invoices = (await call(owner(), "GET", `/api/invoices?companyId=${v.company_id}`)).body as unknown as { id: string; status: string; amount: string }[];
    expect(invoices).toMatchObject([{ id: added.body.invoice_id, status: "paid", amount: "99" }]);
    const pdf = await createApp({ resolveActor: owner }).request(`/api/invoices/pdf?companyId=${v.company_id}&invoiceId=${added.body.invoice_id}`);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    // The Cyrillic text is set in the embedded DejaVu font (PDF base fonts have no Cyrillic).
    expect(bytes.toString("latin1")).toMatch(/\/FontName \/[A-Z]{6}\+DejaVuSans/);
    expect((await createApp({ resolveActor: () => ({ type: "public" }) }).request(`/api/invoices/pdf?companyId=${v.company_id}&invoiceId=${added.body.invoice_id}`)).status).toBe(404);

    const history = await call(owner(), "GET", `/api/subscription/history?storeId=${v.store_id}`);
    expect((history.body as unknown as { event: string }[]).map((e) => e.event)).toEqual(["added", "activated"]);
  });

  it("asks to confirm a downgrade and lists the features lost", async () => {
    clock.advance(100 * 86_400_000);
    try {
      const res = await call(owner(), "POST", "/api/subscription/add", { storeId: v.store_id, plan: "basic" });
      expect(res).toMatchObject({ status: 409, body: { code: "downgradeNeedsConfirmation", details: { features_lost: ["extra_languages", "reviews_widget", "menu_export", "wifi_qr", "table_calls"] } } });
    } finally {
      clock.reset();
    }
  });

  it("keeps VAT numbers unique across companies through the API", async () => {
    const res = await call({ type: "user", userId: "x", role: "company_manager", companyId: other.company_id }, "PUT", "/api/billing", billing(other.company_id, "0001"));
    expect(res).toMatchObject({ status: 409, body: { message: "Such VAT number already exists" } });
  });
});

describe("open the menu now (issue 33, point 1)", () => {
  it("starts the 14-day trial at once during preparation, as the lifecycle would, once only", async () => {
    const fresh = await venue("opennow");
    const start = clock.now();
    await withActor({ type: "system" }, () => startPreparation(fresh, start));
    const owner = { type: "user", userId: "o", role: "company_manager", companyId: fresh.company_id } as Actor;
    const stranger: Actor = { type: "user", userId: "s", role: "company_manager", companyId: other.company_id };
    expect((await call(stranger, "POST", "/api/subscription/open-now", { storeId: fresh.store_id })).status).toBe(404);

    const opened = await call(owner, "POST", "/api/subscription/open-now", { storeId: fresh.store_id });
    expect(opened.status).toBe(200);
    const state = (await call(owner, "GET", `/api/subscription/active?storeId=${fresh.store_id}`)).body as { preparation_ends_at: string; active: { starts_at: string; ends_at: string } };
    expect(state).toMatchObject({ phase: "active", active: { plan: "trial", status: "active", ends_at: opened.body.ends_at } });
    const days = (Date.parse(state.active.ends_at) - Date.parse(state.active.starts_at)) / 86_400_000;
    expect(days).toBe(14);
    expect(Date.parse(state.active.starts_at)).toBeGreaterThanOrEqual(start.getTime());
    expect(Date.parse(state.preparation_ends_at)).toBe(Date.parse(state.active.starts_at));
    // The history of an automatic start: added, then activated.
    const history = (await call(owner, "GET", `/api/subscription/history?storeId=${fresh.store_id}`)).body as unknown as { event: string; plan: string }[];
    expect(history.map((e) => `${e.plan}:${e.event}`)).toEqual(["trial:added", "trial:activated"]);

    // Once only: the trial is running, and the store is no longer in preparation.
    const again = await call(owner, "POST", "/api/subscription/open-now", { storeId: fresh.store_id });
    expect(again).toMatchObject({ status: 409, body: { code: "trialNotAvailable" } });
    // The scheduler finds nothing more to do.
    expect(await withActor({ type: "system" }, () => advanceStore(fresh, new Date(start.getTime() + 4 * 86_400_000)))).toBe(false);
    expect((await call(owner, "GET", `/api/subscription/history?storeId=${fresh.store_id}`)).body).toHaveLength(2);
  });

  it("is refused once preparation is over", async () => {
    const late = await venue("opennowlate");
    await withActor({ type: "system" }, () => startPreparation(late, new Date(clock.now().getTime() - 4 * 86_400_000)));
    const owner = { type: "user", userId: "o", role: "company_manager", companyId: late.company_id } as Actor;
    expect(await call(owner, "POST", "/api/subscription/open-now", { storeId: late.store_id })).toMatchObject({ status: 409, body: { code: "trialNotAvailable" } });
  });
});

describe("payment webhook", () => {
  const secret = "test-secret";
  const post = (raw: string, signature?: string) =>
    createApp().request("/api/payments/webhook", { method: "POST", headers: signature ? { "x-signature": signature } : {}, body: raw });

  it("accepts only a valid HMAC signature and is idempotent", async () => {
    process.env.PAYMENT_WEBHOOK_SECRET = secret;
    const added = await withActor({ type: "system" }, async () => {
      const { saveBilling } = await import("@menu/core/billing/billing");
      await saveBilling(billing(other.company_id, "0002"));
      const { addSubscription } = await import("@menu/core/billing/subscription");
      return addSubscription({ storeId: other.store_id, plan: "basic" });
    });
    const raw = JSON.stringify({ type: "invoice.paid", company_id: other.company_id, invoice_id: added.invoice_id });
    const sign = (s: string) => `sha256=${createHmac("sha256", s).update(raw).digest("hex")}`;

    expect((await post(raw)).status).toBe(401);
    expect((await post(raw, sign("wrong-secret"))).status).toBe(401);
    expect((await post(raw.replace("invoice.paid", "invoice.paid "), sign(secret))).status).toBe(401);
    const ok = await post(raw, sign(secret));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ already_paid: false });
    expect(await (await post(raw, sign(secret))).json()).toEqual({ already_paid: true });
  });
});
