/// <reference lib="dom" />
/**
 * Issue 15, small rules in the browser: a notification goes away on a swipe of 20 px (SPEC section
 * 9; sonner alone needs 45 px), not on a short slow drag; the users page lists a user without
 * names by the e-mail; the subscription page never shows a doubled full stop after a date
 * ("23 февраля 2027 г.."); a weight of 0.5 reads "0,5 л" in Russian on the guest menu and in the
 * admin item list.
 *
 * The swipes are slow on purpose (at least 300 ms: 25 px / 300 ms is under the 0.11 px/ms that
 * dismisses by speed), so only the distance decides. The time a pointer is held is read in the page
 * (from its pointerdown's timestamp), waited for with expect.poll.
 */
import { randomUUID } from "node:crypto";
import type { APIRequestContext, Browser, BrowserContext, CDPSession, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { signInAs } from "./sign-in";
import { demo, publishedMenu } from "./demo";
import { linkMailedTo } from "./outbox";
import { guestReady } from "./guest";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
const admin = "/demo/center/admin-panel";
let browser: Browser;
const contexts: BrowserContext[] = [];
/** Users this file created, deleted at the end (the demo store keeps its managers' seats). */
const createdUsers: string[] = [];
let ownerApi: { api: APIRequestContext; csrf: string } | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const id of createdUsers) {
    const res = await ownerApi!.api.delete(`${base}/api/users/${id}`, { headers: { "x-csrf-token": ownerApi!.csrf } });
    expect(res.status()).toBe(200);
  }
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
});

const login = (role: string) => demo().logins.find((l) => l.role === role)!;

/** A new browser (Russian interface) signed in as a demo login, on `path`. */
async function signedIn(role: string, path: string, { hasTouch = false }: { hasTouch?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch });
  contexts.push(context);
  await context.addCookies([{ name: "locale", value: "ru", url: base }]);
  // Records when the last pointer went down and which toasts sonner swiped out.
  await context.addInitScript(() => {
    const w = window as unknown as { __downAt?: number; __swipedOut: number };
    w.__swipedOut = 0;
    document.addEventListener("pointerdown", (e) => (w.__downAt = e.timeStamp), true);
    new MutationObserver((records) => {
      for (const r of records) if ((r.target as Element).getAttribute("data-swipe-out") === "true" && r.oldValue !== "true") w.__swipedOut++;
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-swipe-out"], attributeOldValue: true });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await signInAs(page, role, path);
  return { page, errors };
}

/** The demo company manager's API session (cookies in the request context, CSRF token in a header). */
async function demoOwnerApi() {
  if (ownerApi) return ownerApi;
  const owner = login("company_manager");
  const context = await browser.newContext();
  contexts.push(context);
  const api = context.request;
  const { csrfToken: csrf } = (await (await api.get(`${base}/api/auth/csrf`)).json()) as { csrfToken: string };
  const signIn = await api.post(`${base}/api/auth/callback/credentials`, {
    form: { csrfToken: csrf, email: owner.email, password: owner.password, json: "true", callbackUrl: "/" },
  });
  expect(signIn.status()).toBe(200);
  ownerApi = { api, csrf };
  return ownerApi;
}

const toasts = (page: Page) => page.locator("[data-sonner-toaster] [data-sonner-toast]");

/**
 * Shows one toast (the profile's names saved as they are: "Сохранено"), waits until it has come in
 * and rests the mouse on it, which pauses sonner's 4 s timer: only a swipe takes it away.
 */
async function showToast(page: Page) {
  await expect.poll(() => toasts(page).count(), { timeout: 10_000 }).toBe(0);
  await page.locator('form:has(input[name="first_name"]) button[type="submit"]').click();
  const toast = toasts(page).first();
  await expect.poll(() => toast.getAttribute("data-mounted")).toBe("true");
  await expect.poll(() => toast.evaluate((el) => el.getAnimations().length)).toBe(0);
  const box = (await toast.boundingBox())!;
  const center = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(center.x, center.y);
  await expect.poll(() => toast.getAttribute("data-expanded")).toBe("true");
  return { toast, center };
}

/** Waits (in the page's clock) until the pointer that went down last has been down `ms`. */
const heldFor = (page: Page, ms: number) =>
  expect
    .poll(() => page.evaluate(() => performance.now() - ((window as unknown as { __downAt?: number }).__downAt ?? Infinity)))
    .toBeGreaterThanOrEqual(ms);

/** Two animation frames: whatever the release changed has rendered. */
const rendered = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

const swipedOut = (page: Page) => page.evaluate(() => (window as unknown as { __swipedOut: number }).__swipedOut);

type Point = { x: number; y: number };
type Mover = { down(p: Point): Promise<void>; move(p: Point): Promise<void>; up(p: Point): Promise<void> };

const mouse = (page: Page): Mover => ({
  down: async (p) => {
    await page.mouse.move(p.x, p.y);
    await page.mouse.down();
  },
  move: (p) => page.mouse.move(p.x, p.y),
  up: () => page.mouse.up(),
});

const finger = (cdp: CDPSession): Mover => ({
  down: async (p) => void (await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [p] })),
  move: async (p) => void (await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [p] })),
  up: async () => void (await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] })),
});

/** A drag of (dx, dy) from `from` in four moves, taking at least `ms` from press to release. */
async function slowDrag(page: Page, pointer: Mover, from: Point, dx: number, dy: number, ms = 300) {
  // A drag that left the toast selects text; pressing on a selection would start a native drag.
  await page.evaluate(() => getSelection()?.removeAllRanges());
  await pointer.down(from);
  for (let i = 1; i <= 4; i++) {
    await heldFor(page, (ms * i) / 5);
    await pointer.move({ x: from.x + (dx * i) / 4, y: from.y + (dy * i) / 4 });
  }
  await heldFor(page, ms);
  await pointer.up({ x: from.x + dx, y: from.y + dy });
  await rendered(page);
}

async function expectStillShown(toast: Locator) {
  expect(await toast.getAttribute("data-removed")).toBe("false");
  expect(await toast.getAttribute("data-swipe-out")).toBe("false");
  // sonner put it back in place.
  expect(await toast.evaluate((el) => (el as HTMLElement).style.getPropertyValue("--swipe-amount-x") || "0px")).toBe("0px");
}

async function expectSwipedAway(page: Page, toast: Locator, before: number) {
  await expect.poll(() => swipedOut(page)).toBe(before + 1);
  await expect.poll(() => toast.count()).toBe(0);
}

describe("notifications", () => {
  it("go away on a slow 25 px swipe of the mouse, not on a slow 10 px drag", async () => {
    const { page, errors } = await signedIn("company_manager", `${admin}/settings/profile`);
    const { toast, center } = await showToast(page);

    await slowDrag(page, mouse(page), center, 10, 0);
    await expectStillShown(toast);
    expect(await swipedOut(page)).toBe(0);

    await slowDrag(page, mouse(page), center, 25, 0);
    await expectSwipedAway(page, toast, 0);

    // Leftwards too; upwards is not a way out for a toast at the bottom.
    const second = await showToast(page);
    await slowDrag(page, mouse(page), second.center, 0, -25);
    await expectStillShown(second.toast);
    await slowDrag(page, mouse(page), second.center, -25, 0);
    await expectSwipedAway(page, second.toast, 1);
    expect(errors).toEqual([]);
  });

  it("go away on a slow 25 px swipe of a finger, not on a slow 10 px one", async () => {
    const { page, errors } = await signedIn("company_manager", `${admin}/settings/profile`, { hasTouch: true });
    const cdp = await page.context().newCDPSession(page);
    const { toast, center } = await showToast(page);

    await slowDrag(page, finger(cdp), center, 0, 10);
    await expectStillShown(toast);
    await slowDrag(page, finger(cdp), center, 0, 25);
    await expectSwipedAway(page, toast, 0);
    expect(errors).toEqual([]);
  });
});

describe("users without names", () => {
  it("are listed by their e-mail, never as a blank row", async () => {
    // A user invited with names who accepted the invitation with the names left empty.
    const { api, csrf } = await demoOwnerApi();
    const cs = (await (await api.get(`${base}/api/cs-object?companyKey=demo&storeKey=center&scope=owned`)).json()) as { company_id: string; store_id: string };
    const email = `nameless-${randomUUID().slice(0, 8)}@example.com`;
    const created = await api.post(`${base}/api/users`, {
      headers: { "x-csrf-token": csrf },
      data: { first_name: "Вера", last_name: "Новикова", email, role: "company_manager", company_id: cs.company_id, store_id: "", password: "" },
    });
    expect(created.status()).toBe(201);
    createdUsers.push(((await created.json()) as { id: string }).id);

    const token = new URL(base + (await linkMailedTo(email, "/register/user"))).searchParams.get("token")!;
    const guest = await browser.newContext();
    contexts.push(guest);
    const { csrfToken } = (await (await guest.request.get(`${base}/api/auth/csrf`)).json()) as { csrfToken: string };
    const accepted = await guest.request.post(`${base}/api/auth/accept-invitation`, {
      headers: { "x-csrf-token": csrfToken },
      data: { token, first_name: "", last_name: " ", password: "Nameless-pass-1", password_confirmation: "Nameless-pass-1" },
    });
    expect(accepted.status()).toBe(200);

    const { page, errors } = await signedIn("company_manager", `${admin}/settings/users`);
    const row = page.getByTestId("user-row").filter({ hasText: email });
    await expect.poll(() => row.getByTestId("user-name").innerText()).toBe(email);
    // The e-mail is the name here, not repeated under it.
    expect((await row.locator("td").first().innerText()).split(email).length - 1).toBe(1);
    expect(await row.getByRole("button", { name: `Изменить: ${email}` }).count()).toBe(1);
    for (const name of await page.getByTestId("user-name").allInnerTexts()) expect(name.trim()).not.toBe("");

    // Editing it asks for the names: blank ones are refused with the form's message.
    await row.getByRole("button", { name: `Изменить: ${email}` }).click();
    const dialog = page.getByTestId("user-dialog");
    await dialog.locator('button[type="submit"]').click();
    await expect.poll(() => dialog.locator(".field--invalid").count()).toBe(2);
    expect(await dialog.locator(".field__error").allInnerTexts()).toEqual(["Это поле обязательно", "Это поле обязательно"]);
    expect(errors).toEqual([]);
  });
});

describe("dates in sentences", () => {
  it("the subscription page has no doubled full stop after a Russian date", async () => {
    const context = await signedIn("company_manager", `${admin}/settings/profile`);
    const { page, errors } = context;
    // The demo's plan has no switch cooldown: the answer gets one, so the sentence with the date shows.
    await page.route(/\/api\/subscription\/active\?/, async (route) => {
      const response = await route.fetch();
      const json = { ...((await response.json()) as Record<string, unknown>), next_switch_at: "2027-02-23T09:00:00.000Z" };
      await route.fulfill({ response, json });
    });
    await page.goto(`${base}${admin}/subscription`);
    const cooldown = page.getByTestId("switch-cooldown");
    await expect.poll(() => cooldown.innerText()).toBe("Следующая смена тарифа будет доступна 23 февраля 2027 г.");
    expect(await page.locator("main").innerText()).not.toContain("..");
    expect(errors).toEqual([]);
  });
});

describe("decimal weights", () => {
  it("read 0,5 л in Russian on the guest menu and in the admin item list", async () => {
    const menu = await publishedMenu("demo", "center", "ru");
    const item = menu.items.find((i) => i.portions.some((p) => p.weight === "0.5" && p.unit === "l"))!;
    expect(item).toBeDefined();

    const guest = await browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(guest);
    await guest.addCookies([{ name: "locale", value: "ru", url: base }]);
    const page = await guest.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${base}/demo/center/menu?item=${item.id}`);
    await guestReady(page);
    const modal = page.getByTestId("item-modal");
    await expect.poll(() => modal.locator(".portions__weight").first().innerText()).toBe("0,5 л");
    expect(errors).toEqual([]);

    const staff = await signedIn("company_manager", `${admin}/drinks/${item.category_id}`);
    const card = staff.page.getByTestId("admin-item").filter({ hasText: item.title });
    await expect.poll(() => card.locator(".ma-card__weight").first().innerText()).toBe("0,5 л");
    expect(staff.errors).toEqual([]);
  });
});
