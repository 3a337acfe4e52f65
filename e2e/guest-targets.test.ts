/// <reference lib="dom" />
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { fileBrowser } from "./browser";
import { storeOffering } from "./demo";
import { guestReady } from "./guest";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
const browser = fileBrowser();

/**
 * Down the whole page a screen at a time until its end stays put and no more cards are on their way
 * (the list renders more as its end nears the screen), so every section has been laid out once.
 */
async function scrollThrough(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          // Two frames, or 200 ms when frames stall (a busy browser): this call must end for the poll to go on.
          const frame = () =>
            new Promise((ok) => {
              requestAnimationFrame(() => requestAnimationFrame(ok));
              setTimeout(ok, 200);
            });
          // Bounded, so a page whose end never settles fails the poll instead of hanging the test
          // (the poll waits for each call to end).
          const until = performance.now() + 5000;
          let y = -1;
          while (window.scrollY !== y && performance.now() < until) {
            y = window.scrollY;
            window.scrollBy(0, window.innerHeight);
            await frame();
          }
          return !document.querySelector("[data-testid=menu-more]") && window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/**
 * Targets neither 24×24 px nor 24 px clear of the others (axe's target-size rule, WCAG 2.2 2.5.8):
 * a smaller target's 24 px circle about its centre meets no other target, nor another small one's circle.
 */
const crampedTargets = (page: Page) =>
  page.evaluate(() => {
    const all = [...document.querySelectorAll<HTMLElement>("[data-testid=guest-menu] :is(a[href], button, input, select, [role=button])")]
      .filter((e) => e.checkVisibility({ visibilityProperty: true }))
      .map((e) => ({ e, r: e.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 1 && r.height > 1);
    const small = ({ r }: { r: DOMRect }) => r.width < 24 - 0.01 || r.height < 24 - 0.01;
    const centre = (r: DOMRect) => [r.left + r.width / 2, r.top + r.height / 2] as const;
    const gap = (r: DOMRect, [x, y]: readonly [number, number]) => Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom));
    const overlap = (a: DOMRect, b: DOMRect) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    // Sections reserve their real height: no card runs into the next section's.
    const cards = [...document.querySelectorAll<HTMLElement>("[data-testid=guest-menu] .item-card")].map((e) => ({ e, r: e.getBoundingClientRect() }));
    const overlapping = cards
      .filter(({ r }, i) => cards.some((o, j) => j > i && overlap(r, o.r)))
      .map(({ e, r }) => `overlaps the next: ${e.outerHTML.slice(0, 120)} at ${Math.round(r.top)}`);
    return all
      .filter(small)
      .filter(({ e, r }) =>
        all.some((o) => {
          if (o.e === e || o.e.contains(e) || e.contains(o.e)) return false;
          const c = centre(r);
          return gap(o.r, c) < 12 || (small(o) && Math.hypot(c[0] - centre(o.r)[0], c[1] - centre(o.r)[1]) < 24);
        }),
      )
      .map(({ e, r }) => `${e.outerHTML.slice(0, 120)} ${Math.round(r.width)}×${Math.round(r.height)}`)
      .concat(overlapping);
  });

describe("the guest menu's targets with the app awake", () => {
  for (const width of [320, 390, 1280]) {
    for (const language of ["ru", "en", "zh", "ar"]) {
      it(`are 24 px or spaced, and axe finds nothing serious, on a whole menu page (${width} px, ${language})`, async () => {
        const context = await browser.newContext({ viewport: { width, height: width > 1000 ? 900 : 800 }, hasTouch: width < 1000 });
        await context.addCookies([{ name: "menu_language", value: language, url: base }]);
        const page = await context.newPage();
        const { company, store } = await storeOffering(language);
        await page.goto(`${base}/${company}/${store}/menu`);
        await guestReady(page);
        expect(await page.getAttribute("html", "lang")).toBe(language);
        // Right after the first touch, sections below the screen not laid out yet…
        expect({ cramped: await crampedTargets(page), axe: await axeViolations(page) }).toEqual({ cramped: [], axe: [] });
        // …and once the guest has been down the whole page.
        await scrollThrough(page);
        expect({ cramped: await crampedTargets(page), axe: await axeViolations(page) }).toEqual({ cramped: [], axe: [] });
        await context.close();
      });
    }
  }
});
