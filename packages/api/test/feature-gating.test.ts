/**
 * Issue 8: every premium call goes through the one gate (`storeMayUse`), as a matrix over where a
 * store can stand: preparation (the trial's features), trial, each paid plan, and nothing active.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { clock, Db, type Actor } from "@menu/core";
import { addDays } from "@menu/core/billing/plans";
import { venue } from "../../core/test/fixtures";

const STANDINGS = ["preparation", "trial", "basic", "premium", "premium_unlimited", "none"] as const;
type Standing = (typeof STANDINGS)[number];
/** PRODUCT.md: premium features on trial (and so in preparation), premium and premium unlimited. */
const ALLOWED: Record<Standing, boolean> = { preparation: true, trial: true, basic: false, premium: true, premium_unlimited: true, none: false };

type Store = Awaited<ReturnType<typeof venue>>;

async function storeIn(standing: Standing): Promise<Store> {
  const v = await venue(`gate${standing.replace("_", "")}`);
  const now = clock.now();
  if (standing === "preparation") {
    await Db().entities.store.patch({ company_id: v.company_id, store_id: v.store_id }).set({ preparation_ends_at: addDays(now, 2).toISOString() }).go();
  } else if (standing !== "none") {
    await Db()
      .entities.subscription.create({
        company_id: v.company_id,
        store_id: v.store_id,
        subscription_id: randomUUID(),
        plan: standing,
        status: "active",
        starts_at: addDays(now, -1).toISOString(),
        ends_at: addDays(now, 20).toISOString(),
      })
      .go();
  }
  return v;
}

const owner = (v: Store): Actor => ({ type: "user", userId: "owner", role: "company_manager", companyId: v.company_id });

async function call(v: Store, method: string, path: string, body?: unknown) {
  const res = await createApp({ resolveActor: () => owner(v) }).request(path, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // Any success counts (a menu export answers 202: queued).
  return { status: res.ok ? "ok" : res.status, code: res.headers.get("content-type")?.includes("json") ? ((await res.json()) as { code?: string }).code : undefined };
}

/** Each premium call of the API, made the way its screen makes it. */
const PREMIUM_CALLS: Record<string, (v: Store) => ReturnType<typeof call>> = {
  "Wi-Fi QR (PUT /api/wifi)": (v) => call(v, "PUT", "/api/wifi", { store_id: v.store_id, ssid: "Cafe", encryption: "WPA", hidden: false, password: "password1" }),
  "reviews widget (PUT /api/reviews-widget)": (v) =>
    call(v, "PUT", "/api/reviews-widget", { store_id: v.store_id, widget_code: "https://yandex.ru/maps-reviews-widget/1234567890?comments" }),
  "menu export (POST /api/menu-exports)": (v) => call(v, "POST", "/api/menu-exports", { storeId: v.store_id, language: "ru", format: "xlsx" }),
  "Arabic menu language (PUT /api/store-settings)": (v) =>
    call(v, "PUT", "/api/store-settings", {
      storeId: v.store_id,
      name: "Gate",
      url_key: "main",
      address: "",
      phones: [],
      working_hours: [],
      socials: [],
      seo_title: "",
      seo_description: "",
      time_zone: "Europe/Minsk",
      languages: ["ru", "en", "ar"],
      currency: "BYN",
    }),
};

const stores = {} as Record<Standing, Store>;
beforeAll(async () => {
  for (const standing of STANDINGS) stores[standing] = await storeIn(standing);
});

describe("feature gating over the plans", () => {
  for (const [name, premiumCall] of Object.entries(PREMIUM_CALLS)) {
    it(name, async () => {
      const outcome = Object.fromEntries(
        await Promise.all(STANDINGS.map(async (s) => [s, await premiumCall(stores[s])] as const)),
      );
      for (const standing of STANDINGS) {
        expect({ standing, ...outcome[standing] }).toEqual(
          ALLOWED[standing] ? { standing, status: "ok", code: undefined } : { standing, status: 409, code: "featureNotInPlan" },
        );
      }
    });
  }

  it("GET /api/subscription/active reports the same features the gate applies", async () => {
    for (const standing of STANDINGS) {
      const res = await createApp({ resolveActor: () => owner(stores[standing]) }).request(`/api/subscription/active?storeId=${stores[standing].store_id}`);
      const { features } = (await res.json()) as { features: Record<string, boolean> };
      expect({ standing, features }).toEqual({
        standing,
        features: { extra_languages: ALLOWED[standing], reviews_widget: ALLOWED[standing], menu_export: ALLOWED[standing], wifi_qr: ALLOWED[standing], table_calls: ALLOWED[standing] },
      });
    }
  });
});
