/**
 * Issue 8's whole timeline with the controlled clock, as staff, the operator and the scheduled job
 * see it: through the API, with the job run at each moment and the guest menu published each time.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { clock, setPorts, usePorts, withActor, type Actor } from "@menu/core";
import { memoryQueue } from "@menu/core/adapters/memory-queue";
import { registerOrganization } from "@menu/core/auth/registration";
import { JOB_HANDLERS } from "@menu/core/jobs";
import { runSchedules } from "@menu/core/schedules";
import { setMenuRenderer } from "@menu/core/ports/menu-renderer";
import type { PublishedManifest } from "@menu/core/shared/published-menu";
import { addDays, addMonths } from "@menu/core/billing/plans";
import { iban, letters, unp } from "../../core/test/fixtures";
import { callAs as call } from "./support/session";

const queue = memoryQueue(JOB_HANDLERS);
const admin: Actor = { type: "user", userId: "operator", role: "admin", companyId: "platform" };

beforeAll(() => {
  const { objects, mailer } = usePorts();
  setPorts({ objects, mailer, queue });
  setMenuRenderer({ renderPage: ({ menu }) => `<!doctype html><title>${menu.store.name}</title>`, qrPath: () => ({ size: 21, path: "" }), build: "test" });
});
afterEach(() => clock.reset());

type Venue = Awaited<ReturnType<typeof registerOrganization>>;

async function register(at: Date, open_now = false): Promise<Venue> {
  clock.set(at);
  const key = letters("time");
  return withActor({ type: "public" }, () =>
    registerOrganization({
      company_name: "Таймлайн",
      store_name: "Центр",
      company_url_key: key,
      store_url_key: "center",
      email: `${key}@example.com`,
      password: "long-enough-1",
      password_confirmation: "long-enough-1",
      open_now,
    }),
  );
}

const owner = (v: Venue): Actor => ({ type: "user", userId: v.user_id, role: "company_manager", companyId: v.company_id });

/** Moves the clock to `at`, runs the scheduled job there and waits for the publishes it queued. */
async function jobAt(at: Date) {
  clock.set(at);
  await runSchedules(at);
  await queue.idle();
}

async function state(v: Venue) {
  const res = await call(owner(v), "GET", `/api/subscription/active?storeId=${v.store_id}`);
  expect(res.status).toBe(200);
  return res.body as { phase: string; active?: { plan: string; status: string; starts_at: string; ends_at: string }; subscriptions: { plan: string; status: string }[] };
}

/** What guests get: the published manifest's hidden reason ("open" when the menu shows). */
async function guestMenu(v: Venue) {
  await queue.idle();
  const object = await usePorts().objects.get(`m/${v.company_url_key}/${v.store_url_key}/manifest.json`);
  if (!object) return "unpublished";
  const manifest = JSON.parse(Buffer.from(object.body).toString("utf8")) as PublishedManifest;
  return manifest.hidden ?? "open";
}

async function events(v: Venue) {
  const res = await call(owner(v), "GET", `/api/subscription/history?storeId=${v.store_id}`);
  return (res.body as unknown as { event: string; plan: string }[]).map((e) => `${e.event}:${e.plan}`);
}

async function payAndActivate(v: Venue, subscription: Record<string, unknown>) {
  const invoices = (await call(owner(v), "GET", `/api/invoices?companyId=${v.company_id}`)).body as unknown as { id: string; status: string }[];
  expect(invoices.find((i) => i.id === subscription.invoice_id)?.status).toBe("unpaid");
  expect((await call(admin, "POST", "/api/invoices/mark-paid", { company_id: v.company_id, invoice_id: subscription.invoice_id })).status).toBe(200);
  return call(owner(v), "POST", "/api/subscription/activate", { storeId: v.store_id, subscriptionId: subscription.subscription_id });
}

describe("the subscription timeline", () => {
  it("registration → preparation (hidden) → automatic 14-day trial (open) → expiry → hidden again", async () => {
    const t0 = new Date("2030-02-01T09:00:00Z");
    const v = await register(t0);
    await jobAt(addDays(t0, 1));
    expect((await state(v)).phase).toBe("preparation");
    expect(await guestMenu(v)).toBe("preparation");

    await jobAt(addDays(t0, 3.01));
    // The trial starts where preparation ended, for 14 days.
    expect((await state(v)).active).toMatchObject({ plan: "trial", status: "active", starts_at: v.preparation_ends_at, ends_at: addDays(new Date(v.preparation_ends_at), 14).toISOString() });
    expect(await guestMenu(v)).toBe("open");

    await jobAt(addDays(t0, 16.9));
    expect((await state(v)).phase).toBe("active");

    await jobAt(addDays(t0, 17.01));
    expect((await state(v)).phase).toBe("hidden");
    expect(await guestMenu(v)).toBe("inactive");
    expect(await events(v)).toEqual(["added:trial", "activated:trial", "completed:trial"]);

    // Running the job again, or twice at once, changes nothing.
    await Promise.all([jobAt(addDays(t0, 18)), runSchedules(addDays(t0, 18))]);
    expect(await events(v)).toEqual(["added:trial", "activated:trial", "completed:trial"]);
  });

  it("registration asked to open the menu at once: no preparation, the 14-day trial starts then and the menu is open", async () => {
    const t0 = new Date("2030-03-01T09:00:00Z");
    const v = await register(t0, true);
    // Preparation ended as it began (the test clock runs on from t0).
    const opened = new Date(v.preparation_ends_at);
    expect(opened.getTime() - t0.getTime()).toBeLessThan(60_000);
    expect((await state(v)).active).toMatchObject({ plan: "trial", status: "active", starts_at: v.preparation_ends_at, ends_at: addDays(opened, 14).toISOString() });
    expect(await guestMenu(v)).toBe("open");
    expect(await events(v)).toEqual(["added:trial", "activated:trial"]);
    // The scheduler's look changes nothing; the trial ends when it would have.
    await jobAt(addDays(t0, 3.01));
    expect(await events(v)).toEqual(["added:trial", "activated:trial"]);
    await jobAt(addDays(t0, 14.01));
    expect((await state(v)).phase).toBe("hidden");
  });

  it("activation during preparation → paid plan → invoice → marked paid → active → renewal queued → completed → next → hidden", async () => {
    const t0 = new Date("2030-06-01T09:00:00Z");
    const v = await register(t0);
    const billing = {
      company_id: v.company_id,
      organization_name: "ООО Таймлайн",
      director_last_name: "Петров",
      director_first_name: "Пётр",
      director_position: "Директор",
      vat_number: unp(Date.now()),
      bank_name: "Приорбанк",
      iban: iban("BY", `PJCB3012${String(Date.now()).slice(-16)}`),
      bic: "PJCBBY2X",
      legal_address: "Минск, пр. Независимости 1",
      postcode: "220030",
      phone: "+375291112233",
    };
    clock.set(addDays(t0, 1));
    expect((await call(owner(v), "PUT", "/api/billing", billing)).status).toBe(200);
    const premium = await call(owner(v), "POST", "/api/subscription/add", { storeId: v.store_id, plan: "premium" });
    expect(premium.status).toBe(200);
    expect((await state(v)).phase).toBe("preparation");

    // Paid during preparation: activating ends preparation and opens the menu at once.
    expect((await payAndActivate(v, premium.body)).body).toEqual({ status: "active" });
    const first = (await state(v)).active!;
    expect(first).toMatchObject({ plan: "premium", status: "active" });
    // It runs a month from the moment it was activated (the clock keeps ticking from the day set).
    expect(new Date(first.starts_at).getTime() - addDays(t0, 1).getTime()).toBeGreaterThanOrEqual(0);
    expect(new Date(first.starts_at).getTime() - addDays(t0, 1).getTime()).toBeLessThan(60_000);
    expect(first.ends_at).toBe(addMonths(new Date(first.starts_at), 1).toISOString());
    expect(await guestMenu(v)).toBe("open");
    // The job at the old end of preparation starts no trial.
    await jobAt(addDays(t0, 3.5));
    expect((await state(v)).subscriptions.map((s) => s.plan)).toEqual(["premium"]);

    // Renewing the same plan is not a switch: allowed inside the 3-month cooldown, queued after the current month.
    clock.set(addDays(t0, 20));
    const basic = await call(owner(v), "POST", "/api/subscription/add", { storeId: v.store_id, plan: "basic", confirm_downgrade: true });
    expect(basic.body.code).toBe("switchCooldown");
    const renewal = await call(owner(v), "POST", "/api/subscription/add", { storeId: v.store_id, plan: "premium" });
    expect(renewal.status).toBe(200);
    expect((await payAndActivate(v, renewal.body)).body).toEqual({ status: "available" });

    // The first month completes and the renewal starts where it ended.
    await jobAt(new Date(new Date(first.ends_at).getTime() + 60_000));
    const next = (await state(v)).active!;
    expect(next).toMatchObject({ plan: "premium", status: "active", starts_at: first.ends_at });
    expect((await state(v)).subscriptions.map((s) => s.status)).toEqual(["completed", "active"]);
    expect(await guestMenu(v)).toBe("open");

    // Nothing follows the renewal: the menu is hidden when it ends.
    await jobAt(new Date(new Date(next.ends_at).getTime() + 60_000));
    expect((await state(v)).phase).toBe("hidden");
    expect(await guestMenu(v)).toBe("inactive");
    expect(await events(v)).toEqual(["added:premium", "activated:premium", "added:premium", "completed:premium", "activated:premium", "completed:premium"]);
  });
});
