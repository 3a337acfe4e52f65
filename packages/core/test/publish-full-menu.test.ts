/**
 * Issue 32, points 4 and 8, drawn by the web app's own server renderer (web/dist-ssr): the publish
 * job writes the whole menu of each language as a plain page without script (the menu page's
 * <noscript> links to it) and keeps it current on a scoped publish; the reviews page is published
 * only while a valid widget is set up, and goes when it is removed.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { clock, Db, setPorts, usePorts } from "@menu/core";
import { fsObjectStore } from "@menu/core/adapters/fs-object-store";
import { publishStore } from "@menu/core/publish/publish";
import { loadMenuRenderer } from "@menu/core/adapters/ssr-menu-renderer";
import { setMenuRenderer } from "@menu/core/ports/menu-renderer";
import { publishedKeys, type PublishedManifest } from "@menu/core/shared/published-menu";
import { venue } from "./fixtures";

beforeAll(async () => {
  const { mailer, queue } = usePorts();
  setPorts({ objects: fsObjectStore(mkdtempSync(join(tmpdir(), "menu-full-"))), queue, mailer });
  setMenuRenderer(await loadMenuRenderer(resolve(import.meta.dirname, "../../../web/dist-ssr/ssr.js")));
});

const text = async (key: string) => {
  const object = await usePorts().objects.get(key);
  return object && Buffer.from(object.body).toString("utf8");
};

/** A premium store in ru and en with 40 kitchen items (more than the first view) and a drinks category. */
async function bigStore(reviews_org_id: string) {
  const v = await venue("full");
  const ids = { company_id: v.company_id, store_id: v.store_id };
  const day = 86_400_000;
  await Db()
    .entities.subscription.create({ ...ids, subscription_id: randomUUID(), plan: "premium", status: "active", starts_at: new Date(clock.now().getTime() - day).toISOString(), ends_at: new Date(clock.now().getTime() + 30 * day).toISOString() })
    .go();
  await Db().entities.store.patch(ids).set({ languages: ["ru", "en"], reviews_org_id }).go();
  const drinks = randomUUID();
  await Db().entities.category.create({ ...ids, category_id: drinks, section: "drinks", type: "products", name: "Чай", position: 5 }).go();
  const portion = (price: string) => [{ id: "p1", weight: "250", unit: "g" as const, price, currency: "BYN" as const }];
  const items = [
    ...Array.from({ length: 40 }, (_, n) => ({ ...ids, item_id: randomUUID(), kind: "product" as const, category_id: v.category_id, position: (n + 2) * 1000, title: `Суп номер ${n + 1}`, portions: portion(`${n + 1}.50`) })),
    { ...ids, item_id: randomUUID(), kind: "product" as const, category_id: drinks, position: 1000, title: "Чай с чабрецом", portions: portion("4.00") },
  ];
  await Db().entities.item.put(items).go();
  return { ...v, ids, titles: ["Борщ", ...items.map((i) => i.title)] };
}

describe("the plain whole-menu page and the reviews page", () => {
  it("writes every item with its price as a page without script per language, linked from the menu page's <noscript>", async () => {
    const v = await bigStore("1234567890");
    await publishStore(v.ids);
    const paths = publishedKeys(v.company.url_key, "main");
    const manifest = JSON.parse((await text(paths.manifest))!) as PublishedManifest;
    expect(manifest.pages).toEqual(["menu", "reviews"]);

    const all = (await text(paths.full("ru")))!;
    for (const title of v.titles) expect(all, title).toContain(`>${title}<`);
    expect(all).not.toContain("<script");
    expect(all).toContain('lang="ru"');
    expect(all).toMatch(/>40,50\s(BYN|Br)</); // the price in the page language's format
    expect((await text(paths.full("en")))!).toContain("the whole menu");

    const menu = (await text(paths.page("ru", "menu")))!;
    const note = /<noscript><p[^>]*>([^<]+)<a href="([^"]+)">([^<]+)<\/a><\/p><\/noscript>/.exec(menu);
    expect(note?.[1]).toContain("Без JavaScript");
    expect(note?.[2]).toBe(`/${paths.full("ru")}`);
    expect(menu).toContain(`/${paths.base.slice(2)}/reviews"`);
    expect((await text(paths.page("en", "menu")))!).toContain(`href="/${paths.full("en")}"`);

    // A scoped publish (one category touched) reads the other chunks back: the page stays whole.
    await Db().entities.item.patch({ ...v.ids, item_id: v.items.visible }).set({ title: "Щи" }).go();
    await publishStore(v.ids, clock.now(), { categories: [v.category_id] });
    const after = (await text(paths.full("ru")))!;
    expect(after).toContain(">Щи<");
    expect(after).toContain(">Чай с чабрецом<");
    expect(after).not.toContain(">Борщ<");
  });

  it("publishes the reviews page only with a valid widget, and removes it with the widget", async () => {
    const v = await bigStore("not-an-id");
    await publishStore(v.ids);
    const paths = publishedKeys(v.company.url_key, "main");
    const pages = async () => (JSON.parse((await text(paths.manifest))!) as PublishedManifest).pages;
    expect(await pages()).toEqual(["menu"]);
    expect(await text(paths.page("ru", "reviews"))).toBeUndefined();
    expect((await text(paths.page("ru", "menu")))!).not.toContain("/reviews\"");

    await Db().entities.store.patch(v.ids).set({ reviews_org_id: "1234567890" }).go();
    await publishStore(v.ids);
    expect(await pages()).toEqual(["menu", "reviews"]);
    expect(await text(paths.page("en", "reviews"))).toContain("maps-reviews-widget/1234567890");

    await Db().entities.store.patch(v.ids).remove(["reviews_org_id"]).go();
    await publishStore(v.ids);
    expect(await pages()).toEqual(["menu"]);
    for (const lang of ["ru", "en"]) expect(await text(paths.page(lang, "reviews")), lang).toBeUndefined();
  });
});
