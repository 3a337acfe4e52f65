import { describe, expect, it } from "vitest";
import { Db } from "@menu/core";
import { runSchedules } from "@menu/core/schedules";
import { createCompany } from "@menu/core/company/company";
import { createStore } from "@menu/core/store/store";
import { advanceStore, historyOf, phaseOf, startPreparation, subscriptionsOf } from "@menu/core/billing/lifecycle";
import { addDays } from "@menu/core/billing/plans";
import { letters } from "./fixtures";

const DAY = 86_400_000;

async function registeredStore(at: Date) {
  const company = await createCompany({ name: "Lifecycle", url_key: letters("life") });
  const store = await createStore({ company_id: company.id, name: "Main", url_key: "main" });
  const keys = { company_id: company.id, store_id: store.store_id };
  await startPreparation(keys, at);
  return keys;
}

async function phase(keys: { company_id: string; store_id: string }, now: Date) {
  const { data } = await Db().entities.store.get(keys).go();
  return phaseOf(data!.preparation_ends_at, await subscriptionsOf(keys), now);
}

async function events(keys: { company_id: string; store_id: string }) {
  return (await historyOf(keys)).map((e) => `${e.event}:${e.plan}`);
}

describe("store lifecycle", () => {
  it("hides the menu for 3 days of preparation, then starts a 14-day trial by itself, then hides it again", async () => {
    const t0 = new Date("2030-01-01T10:00:00Z");
    const keys = await registeredStore(t0);
    expect((await phase(keys, addDays(t0, 1))).phase).toBe("preparation");

    await runSchedules(addDays(t0, 2.9));
    expect(await subscriptionsOf(keys)).toEqual([]);

    await runSchedules(addDays(t0, 3.01));
    const [trial] = await subscriptionsOf(keys);
    expect(trial).toMatchObject({ plan: "trial", status: "active", starts_at: addDays(t0, 3).toISOString(), ends_at: addDays(t0, 17).toISOString() });
    expect((await phase(keys, addDays(t0, 4))).phase).toBe("active");

    await runSchedules(addDays(t0, 17.5));
    expect((await subscriptionsOf(keys))[0]!.status).toBe("completed");
    expect((await phase(keys, addDays(t0, 18))).phase).toBe("hidden");
    expect(await events(keys)).toEqual(["added:trial", "activated:trial", "completed:trial"]);
  });

  it("is idempotent and safe to run concurrently", async () => {
    const t0 = new Date("2031-03-01T00:00:00Z");
    const keys = await registeredStore(t0);
    const at = new Date(t0.getTime() + 3 * DAY + 1000);
    const results = await Promise.all([advanceStore(keys, at), advanceStore(keys, at), advanceStore(keys, at)]);
    expect(results.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect(await advanceStore(keys, at)).toBe(false);
    expect((await subscriptionsOf(keys)).map((s) => s.status)).toEqual(["active"]);
    expect(await events(keys)).toEqual(["added:trial", "activated:trial"]);
  });

  it("catches up after downtime: the trial is dated from the end of preparation and may already be over", async () => {
    const t0 = new Date("2032-05-01T00:00:00Z");
    const keys = await registeredStore(t0);
    await runSchedules(addDays(t0, 30));
    const [trial] = await subscriptionsOf(keys);
    expect(trial).toMatchObject({ status: "completed", starts_at: addDays(t0, 3).toISOString() });
    expect(await events(keys)).toEqual(["added:trial", "activated:trial", "completed:trial"]);
  });

  it("starts the next paid subscription when the active one ends", async () => {
    const t0 = new Date("2033-01-01T00:00:00Z");
    const keys = await registeredStore(t0);
    await runSchedules(addDays(t0, 3.5));
    await Db().entities.subscription.create({ ...keys, subscription_id: "paid-1", plan: "basic", status: "available", paid_at: addDays(t0, 5).toISOString() }).go();
    await runSchedules(addDays(t0, 17.1));
    const subs = await subscriptionsOf(keys);
    expect(subs.find((s) => s.subscription_id === "paid-1")).toMatchObject({ status: "active", plan: "basic" });
    expect((await phase(keys, addDays(t0, 18))).phase).toBe("active");
  });
});
