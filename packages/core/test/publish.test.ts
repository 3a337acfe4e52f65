import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { clock, Db, setPorts, usePorts } from "@menu/core";
import { fsObjectStore } from "@menu/core/adapters/fs-object-store";
import { memoryQueue } from "@menu/core/adapters/memory-queue";
import { JOB_HANDLERS } from "@menu/core/jobs";
import { runSchedules } from "@menu/core/schedules";
import { nextBoundary, openNow, scheduleAllows, zonedTime } from "@menu/core/menu/schedule";
import { publishDelta, wifiPayload } from "@menu/core/publish/build";
import { setMenuRenderer } from "@menu/core/publish/publish";
import { requestPublish } from "@menu/core/publish/request";
import type { GuestPage, PublishedManifest, PublishedMenu } from "@menu/core/publish/published";
import { venue } from "./fixtures";

const DAY = 86_400_000;
/** Publish runs wait for this gate, so a test can let several requests land before the first run starts. */
let gate: Promise<void> = Promise.resolve();
const queue = memoryQueue({
  ...JOB_HANDLERS,
  publish: async (message) => {
    await gate;
    await JOB_HANDLERS.publish!(message);
  },
});
const renders: { version: string; page: string; lang: string; store: string }[] = [];
let duringRender: (() => Promise<void>) | undefined;
/** What `duringRender` started, to wait for it instead of for time. */
let duringRenderDone: Promise<void> = Promise.resolve();

beforeAll(() => {
  const { mailer } = usePorts();
  setPorts({ objects: fsObjectStore(mkdtempSync(join(tmpdir(), "menu-publish-"))), queue, mailer });
  setMenuRenderer({
    renderPage: ({ menu, page }: { menu: PublishedMenu; page: GuestPage }) => {
      renders.push({ version: menu.version, page: page.kind, lang: menu.language, store: menu.store.id });
      if (duringRender) {
        const f = duringRender;
        duringRender = undefined;
        duringRenderDone = f();
      }
      return `<!doctype html><title>${menu.store.name}</title><p>${menu.items.map((i) => i.title).join(",")}</p>`;
    },
    qrPath: (text: string) => ({ size: 21, path: `M0 0h${text.length}` }),
    build: "test",
  });
});
afterEach(() => {
  clock.reset();
  renders.length = 0;
});

async function openStore(plan: "premium" | "basic" = "premium") {
  const v = await venue("pub");
  const now = clock.now();
  await Db()
    .entities.store.patch({ company_id: v.company_id, store_id: v.store_id })
    .set({
      languages: ["ru", "en", "zh", "ar"],
      wifi: { ssid: "Cafe;Guest", encryption: "WPA", hidden: false, password: "p:ss" },
      reviews_org_id: "1234567890",
      working_hours: [{ days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], open: "09:00", close: "23:00" }],
    })
    .go();
  await Db()
    .entities.subscription.create({
      company_id: v.company_id,
      store_id: v.store_id,
      subscription_id: randomUUID(),
      plan,
      status: "active",
      starts_at: new Date(now.getTime() - DAY).toISOString(),
      ends_at: new Date(now.getTime() + 30 * DAY).toISOString(),
    })
    .go();
  return v;
}

async function read<T>(key: string) {
  const object = await usePorts().objects.get(key);
  return object ? (JSON.parse(Buffer.from(object.body).toString("utf8")) as T) : undefined;
}

describe("publishing the guest menu", () => {
  it("writes the menu JSON, the pages and the manifest per language, with only what guests may see", async () => {
    const v = await openStore();
    await Db()
      .entities.item.patch({ company_id: v.company_id, store_id: v.store_id, item_id: v.items.visible })
      .set({
        translations: { en: { title: "Borscht" } },
        description: JSON.stringify({ ops: [{ insert: "Свёкла", attributes: { bold: true, script: "x" } }, { insert: { image: "x" } }, { insert: "\n" }] }),
      })
      .go();
    await requestPublish(v.store_id);
    await queue.idle();

    const base = `m/${v.company.url_key}/main`;
    const manifest = await read<PublishedManifest>(`${base}/manifest.json`);
    expect(manifest).toMatchObject({ languages: ["ru", "en", "zh", "ar"], default_language: "ru", pages: ["menu", "reviews"] });
    expect(manifest?.hidden).toBeUndefined();
    const ru = (await read<PublishedMenu>(`${base}/ru/menu.json`))!;
    const en = (await read<PublishedMenu>(`${base}/en/menu.json`))!;
    expect(ru.items.map((i) => i.title)).toEqual(["Борщ"]);
    expect(en.items.map((i) => i.title)).toEqual(["Borscht"]);
    expect(ru.items[0]!.description).toEqual([{ insert: "Свёкла", attributes: { bold: true } }, { insert: "\n" }]);
    expect(ru.store.wifi?.qr?.path).toBeDefined();
    expect(ru.store.reviews_org_id).toBe("1234567890");
    const html = await usePorts().objects.get(`${base}/zh/menu.html`);
    expect(html?.contentType).toMatch(/text\/html/);
    expect(Buffer.from(html!.body).toString()).toContain("Borscht"); // no Chinese translation: English
    // Same content, same version (and so the same ETag).
    await requestPublish(v.store_id);
    await queue.idle();
    expect((await read<PublishedMenu>(`${base}/ru/menu.json`))!.version).toBe(ru.version);
  });

  it("coalesces requests into one run, and a request during a run into exactly one more", async () => {
    const v = await openStore();
    let open!: () => void;
    gate = new Promise((ok) => (open = ok));
    await Promise.all(Array.from({ length: 5 }, () => requestPublish(v.store_id)));
    open();
    await queue.idle();
    const pagesPerRun = 4 * 2; // 4 languages × (menu, reviews)
    expect(renders.length).toBe(pagesPerRun);

    renders.length = 0;
    duringRender = async () => {
      await Db().entities.item.patch({ company_id: v.company_id, store_id: v.store_id, item_id: v.items.visible }).set({ title: "Щи" }).go();
      await requestPublish(v.store_id);
      await requestPublish(v.store_id);
    };
    await requestPublish(v.store_id);
    await queue.idle();
    await duringRenderDone;
    await queue.idle();
    expect(renders.length).toBe(2 * pagesPerRun);
    const ru = await read<PublishedMenu>(`m/${v.company.url_key}/main/ru/menu.json`);
    expect(ru!.items.map((i) => i.title)).toEqual(["Щи"]);
  });

  it("hides the menu politely in preparation and without an active subscription", async () => {
    const v = await venue("hid");
    await Db()
      .entities.store.patch({ company_id: v.company_id, store_id: v.store_id })
      .set({ preparation_ends_at: new Date(clock.now().getTime() + 2 * DAY).toISOString() })
      .go();
    await requestPublish(v.store_id);
    await queue.idle();
    const base = `m/${v.company.url_key}/main`;
    expect((await read<PublishedManifest>(`${base}/manifest.json`))?.hidden).toBe("preparation");
    const menu = (await read<PublishedMenu>(`${base}/ru/menu.json`))!;
    expect(menu.hidden).toBe("preparation");
    expect(menu.items).toEqual([]);

    clock.advance(3 * DAY);
    await requestPublish(v.store_id);
    await queue.idle();
    expect((await read<PublishedMenu>(`${base}/ru/menu.json`))!.hidden).toBe("inactive");
  });

  it("publishes only what the plan allows", async () => {
    const v = await openStore("basic");
    await requestPublish(v.store_id);
    await queue.idle();
    const menu = (await read<PublishedMenu>(`m/${v.company.url_key}/main/ru/menu.json`))!;
    expect(menu.languages).toEqual(["ru", "en", "zh"]);
    expect(menu.store.wifi).toBeUndefined();
    expect(menu.store.reviews_org_id).toBeUndefined();
  });

  it("republishes by itself when the pages go stale by time (hours, schedules)", async () => {
    clock.set(new Date("2030-03-04T08:00:00Z")); // 11:00 in Minsk
    const v = await openStore();
    const runs = () => renders.filter((r) => r.store === v.store_id).length / 8;
    await requestPublish(v.store_id);
    await queue.idle();
    expect(runs()).toBe(1);
    await runSchedules(new Date("2030-03-04T19:00:00Z")); // 22:00: nothing due yet
    await queue.idle();
    expect(runs()).toBe(1);
    clock.set(new Date("2030-03-04T20:00:30Z"));
    await runSchedules(clock.now()); // 23:00:30: closing time passed
    await queue.idle();
    expect(runs()).toBe(2);
  });
});

describe("time in the store's time zone", () => {
  const minsk = (iso: string) => zonedTime(new Date(iso), "Europe/Minsk");
  it("evaluates schedules, spanning midnight when the end is before the start", () => {
    const night = { enabled: true, days: ["fri"], start: "22:00", end: "02:00" };
    expect(scheduleAllows(night, minsk("2030-03-08T20:00:00Z"))).toBe(true); // Fri 23:00
    expect(scheduleAllows(night, minsk("2030-03-08T22:30:00Z"))).toBe(true); // Sat 01:30
    expect(scheduleAllows(night, minsk("2030-03-09T00:30:00Z"))).toBe(false); // Sat 03:30
    expect(scheduleAllows(night, minsk("2030-03-09T20:00:00Z"))).toBe(false); // Sat 23:00
    expect(scheduleAllows({ ...night, enabled: false }, minsk("2030-03-09T20:00:00Z"))).toBe(true);
    expect(openNow([{ days: ["mon"], open: "09:00", close: "18:00" }], minsk("2030-03-04T07:00:00Z"))).toBe(true);
    expect(openNow([], minsk("2030-03-04T07:00:00Z"))).toBeUndefined();
  });
  it("finds the next boundary", () => {
    expect(nextBoundary(["12:00", "16:00"], new Date("2030-03-04T10:00:00Z"), "Europe/Minsk")?.toISOString()).toBe("2030-03-04T13:00:00.000Z");
    expect(nextBoundary([], new Date(), "Europe/Minsk")).toBeUndefined();
  });
});

describe("rich text and Wi-Fi payloads", () => {
  it("keeps text inserts, marks broken text", () => {
    expect(publishDelta("")).toBeUndefined();
    expect(publishDelta("{not json")).toBeNull();
    expect(publishDelta(JSON.stringify({ ops: [{ insert: "a", attributes: { link: "https://x" } }] }))).toEqual([{ insert: "a", attributes: { link: "https://x" } }]);
  });
  it("escapes the Wi-Fi payload", () => {
    expect(wifiPayload({ ssid: 'a;b,c"d', encryption: "WPA", password: "p:w\\" })).toBe('WIFI:T:WPA;S:a\\;b\\,c\\"d;P:p\\:w\\\\;H:false;;');
    expect(wifiPayload({ ssid: "open", encryption: "nopass", hidden: true })).toBe("WIFI:T:nopass;S:open;H:true;;");
  });
});
