/**
 * Issue 32, point 6: the store's phone notes and address in the menu's language. The English menu
 * shows the demo's hand-written English ones; back to automatic, the engine's (the runtime's fake
 * LibreTranslate) once republished; written by hand again, those again.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishedKeys, type PublishedIndex } from "@menu/core/shared/published-menu";
import { launchBrowser } from "./browser";
import { demo, getJson } from "./demo";
import { guestReady } from "./guest";
import { signInAs } from "./sign-in";
import { staffApi } from "./staff-api";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
const HAND_WRITTEN = { address: "21 Independence Ave, Minsk", phones: ["Table booking", "Delivery"] };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The address and phone notes of the English menu's store info, as a guest's phone shows them. */
async function englishStoreInfo() {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true, locale: "en" });
  await context.addCookies([{ name: "menu_language", value: "en", url: base }]);
  try {
    const page = await context.newPage();
    await page.goto(`${base}/demo/center/menu`);
    await guestReady(page);
    const info = page.getByTestId("store-info");
    await info.scrollIntoViewIfNeeded();
    return {
      address: (await info.locator(".store-info__block p").first().textContent())?.trim(),
      notes: (await info.locator(".phones__note").allTextContents()).map((note) => note.replace(/^\s*·\s*/, "").trim()),
    };
  } finally {
    await context.close();
  }
}

/** The store's phone notes in the published English index (no cache). */
const publishedNotes = async () =>
  (await getJson<PublishedIndex>(`/${publishedKeys("demo", "center").index("en")}`)).store.phones.map((p) => p.description);

describe("the store's texts on the English menu", () => {
  it("shows the hand-written phone notes, the engine's after back to automatic, and hand-written ones again (the translations map's Venue section)", { timeout: 240_000 }, async () => {
    expect(await englishStoreInfo()).toEqual({ address: HAND_WRITTEN.address, notes: HAND_WRITTEN.phones });

    const owner = demo().logins.find((l) => l.role === "company_manager")!;
    const staff = await staffApi(base, owner.email, owner.password);
    const { store_id } = (await (await staff.request("/api/cs-object?companyKey=demo&storeKey=center&scope=owned")).json()) as { store_id: string };
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await signInAs(page, "company_manager");
      await page.goto(`${base}/demo/center/admin-panel/settings/translations-map`);
      const english = page.getByTestId("store-texts-translations").locator('[data-testid=translation-language][data-lang="en"]');
      await expect.poll(() => english.getAttribute("data-state"), { timeout: 30_000 }).toBe("manual");
      expect(await english.getByTestId("translation-text").textContent()).toContain("Table booking");

      // Back to automatic: the engine translates the address and notes; the row and the menu follow.
      await english.getByTestId("reset-translation").click();
      await page.getByTestId("confirm-translation-reset").click();
      await expect.poll(() => english.getByTestId("translation-text").textContent().catch(() => ""), { timeout: 60_000, interval: 500 }).toContain("[en] Бронирование столов");
      await expect.poll(() => english.getAttribute("data-state"), { timeout: 30_000 }).toBe("completed");
      await expect.poll(publishedNotes, { timeout: 60_000, interval: 500 }).toEqual(["[en] Бронирование столов", "[en] Доставка"]);
      expect(await englishStoreInfo()).toEqual({ address: "[en] г. Минск, пр-т Независимости, 21", notes: ["[en] Бронирование столов", "[en] Доставка"] });

      // Written by hand again: an address field and a note per phone, the Russian as placeholders.
      await english.getByTestId("edit-translation").click();
      const editor = english.getByTestId("translation-editor");
      await editor.getByTestId("translation-address").fill(HAND_WRITTEN.address);
      const phones = editor.getByTestId("translation-phone");
      expect(await phones.count()).toBe(2);
      expect(await phones.first().getAttribute("placeholder")).toBe("Бронирование столов");
      for (const [i, note] of HAND_WRITTEN.phones.entries()) await phones.nth(i).fill(note);
      await editor.locator("button[type=submit]").click();
      await expect.poll(() => english.getAttribute("data-state"), { timeout: 30_000 }).toBe("manual");
    } finally {
      await context.close();
      // The demo's English is written by hand: it is back for the other tests whatever happened above.
      expect((await staff.send("PUT", `/api/translations/Store/${store_id}/en`, { store_id, ...HAND_WRITTEN })).status).toBe(200);
    }
    await expect.poll(publishedNotes, { timeout: 60_000, interval: 500 }).toEqual(HAND_WRITTEN.phones);
    expect(await englishStoreInfo()).toEqual({ address: HAND_WRITTEN.address, notes: HAND_WRITTEN.phones });
  });
});
