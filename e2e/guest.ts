import type { Page } from "playwright-core";

/**
 * A pre-rendered guest page's app starts when the guest first does something (web/src/features/guest-menu/starter.ts):
 * a key pressed is one (Shift changes nothing on the page). Then it is interactive once `data-ready` is set.
 */
export async function guestReady(page: Page) {
  await page.keyboard.press("Shift");
  await page.waitForSelector("[data-testid=guest-menu][data-ready]");
}
