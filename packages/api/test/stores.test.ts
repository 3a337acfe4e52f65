import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { withActor } from "@menu/core";
import { saveBilling } from "@menu/core/billing/billing";
import { addSubscription } from "@menu/core/billing/subscription";
import { iban, unp } from "../../core/test/fixtures";
import { browser, captureMail } from "./support/browser-client";
import { body, signedInTenants, type Client, type Tenant } from "./support/session";

const app = createApp();
captureMail();
type Summary = { id: string; name: string; url_key: string; status: string; plan?: string; preparation_ends_at?: string };
let t: Tenant;
let other: Tenant;
let owner: Client;
let manager: Client;
let stranger: Client;
let admin: Client;

beforeAll(async () => {
  ({ t, other, owner, manager, stranger, admin } = await signedInTenants(app, "stores", "storesother"));
});

const list = (b: Client, companyId = t.company_id) => b.get(`/api/stores?companyId=${companyId}`);
const create = (b: Client, fields: Record<string, unknown>, company_id = t.company_id) => b.send("POST", "/api/stores", { company_id, ...fields });

describe("settings/stores", () => {
  it("lists the company's stores with their status; a new store starts its 3-day preparation", async () => {
    const res = await create(owner, { name: "Парк", url_key: "Park" });
    expect(res.status).toBe(201);
    const created = await body<Summary>(res);
    expect(created).toMatchObject({ name: "Парк", url_key: "park", status: "preparation" });
    const days = (Date.parse(created.preparation_ends_at!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThanOrEqual(3);

    const stores = await body<Summary[]>(await list(owner));
    expect(stores.map((s) => [s.url_key, s.status])).toEqual([
      ["main", "hidden"],
      ["park", "preparation"],
    ]);
    // The owner manages it at once (admin panel resolution), and the admin sees the same list.
    const cs = await owner.get(`/api/cs-object?companyKey=${t.company.url_key}&storeKey=park&scope=owned`);
    expect(cs.status).toBe(200);
    expect((await body<Summary[]>(await list(admin))).length).toBe(2);
  });

  it("checks the name and the URL name", async () => {
    const latin = await create(owner, { name: "Парк 2", url_key: "парк" });
    expect(latin.status).toBe(400);
    expect(JSON.stringify(await latin.json())).toContain("Only Latin letters are allowed");
    const taken = await create(owner, { name: "Again", url_key: "PARK" });
    expect(taken.status).toBe(409);
    expect(await body(taken)).toMatchObject({ code: "storeUrlExists", message: "Store URL name already exists" });
    const availability = await body(await owner.get(`/api/auth/availability?field=store_url_key&value=park&companyKey=${t.company.url_key}`));
    expect(availability).toEqual({ available: false, code: "storeUrlExists", suggestion: "park-2" });
  });

  it("a store manager can neither list nor create stores; another company's manager is told it does not exist", async () => {
    expect((await list(manager)).status).toBe(404);
    expect((await create(manager, { name: "Mine", url_key: "mine" })).status).toBe(404);
    const foreign = await create(stranger, { name: "Theirs", url_key: "theirs" });
    expect(foreign.status).toBe(404);
    expect(await body(foreign)).toMatchObject({ code: "companyNotFound" });
    expect((await list(stranger)).status).toBe(404);
    expect((await list(browser(app))).status).toBe(404);
  });

  it("is refused while a paid subscription of the company is unpaid, and allowed once it is paid", async () => {
    const added = await withActor({ type: "system" }, async () => {
      await saveBilling({
        company_id: other.company_id,
        organization_name: "Other LLC",
        director_last_name: "Петров",
        director_first_name: "Пётр",
        director_position: "Director",
        vat_number: unp(Date.now()),
        bank_name: "Bank",
        iban: iban("BY", `NBRB${String(Date.now()).padStart(20, "0").slice(-20)}`),
        bic: "NBRBBY2X",
        legal_address: "Minsk",
        postcode: "220000",
        phone: "+375291234567",
      });
      return addSubscription({ storeId: other.store_id, plan: "basic" });
    });
    const refused = await create(stranger, { name: "Second", url_key: "second" }, other.company_id);
    expect(refused.status).toBe(409);
    expect(await body(refused)).toMatchObject({
      code: "unpaidBlocksNewStore",
      message: "A new store can be created only when all paid subscriptions are paid",
    });
    expect((await admin.send("POST", "/api/invoices/mark-paid", { company_id: other.company_id, invoice_id: added.invoice_id })).status).toBe(200);
    expect((await create(stranger, { name: "Second", url_key: "second" }, other.company_id)).status).toBe(201);
  });
});
