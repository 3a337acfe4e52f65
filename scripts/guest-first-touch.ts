/**
 * What a guest's first touch costs on a simulated phone (CPU 4× slower, slow 4G: 150 ms, 1.6 Mbit/s,
 * through DevTools like Lighthouse's mobile preset), each run on a fresh page right after its load
 * event, timed in the page from the input event's time stamp to the first frame that shows it:
 * - a tap on the first item card until an item window with its title is open (`window`: the
 *   window drawn at once from the page's own markup, or the app's), and until the app's own window
 *   is open (`app`); then the same tap once the app runs (`warm`);
 * - a swipe towards the 5th category of the category bar until all its item titles are in it and
 *   the first is on screen (then the page is scrolled to it every frame, as a guest flinging down would).
 * Used by `pnpm bench:guest`; printed, never asserted.
 */
import { chromium, type BrowserContext, type CDPSession, type Page } from "playwright-core";

type Index = { categories: { id: string; items: unknown[] }[] };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** The first input's time stamp, kept by a script that runs before the page's own. */
const FIRST_INPUT = () => {
  const w = window as unknown as { __firstInput?: number };
  for (const type of ["pointerdown", "touchstart", "wheel"]) addEventListener(type, (e) => (w.__firstInput ??= e.timeStamp), { capture: true, passive: true });
};

/** Resolves (in the page) with the time of the first frame at which `check` (a function's source) holds, tried every frame. */
function frameWhen(page: Page, check: string, arg: unknown) {
  // Source text, not a function of this module (the TypeScript loader would wrap its names).
  // Evaluated through DevTools, which the page's CSP (no eval) does not govern.
  const loop = `new Promise((done, fail) => {
    const test = ${check}, value = ${JSON.stringify(arg)}, deadline = performance.now() + 60000;
    const frame = () => {
      if (test(value)) return done(performance.now());
      if (performance.now() > deadline) return fail(new Error("not met in 60 s"));
      requestAnimationFrame(frame);
    };
    frame();
  })`;
  return page.evaluate(loop) as Promise<number>;
}

async function phone(context: BrowserContext) {
  const page = await context.newPage();
  await page.addInitScript(FIRST_INPUT);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return { page, cdp };
}
const firstInput = async (page: Page) => {
  const at = await page.evaluate(() => (window as unknown as { __firstInput?: number }).__firstInput);
  if (at === undefined) throw new Error("The page saw no input");
  return at;
};

/**
 * Opens the page on a fresh phone, right after its load. Playwright's helper scripts are set up in
 * the page before the input (an evaluation and a locator), so their start is not timed with the page's.
 */
async function load(context: BrowserContext, url: string) {
  const { page, cdp } = await phone(context);
  await page.goto(url, { waitUntil: "load" });
  await page.evaluate(() => 0);
  return { page, cdp };
}

/** A finger's swipe up the screen (the page scrolls down), as DevTools dispatches touches. */
async function swipe(cdp: CDPSession, x: number, from: number, to: number) {
  const steps = 6;
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y: from }] });
  for (let i = 1; i <= steps; i++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: from + ((to - from) * i) / steps }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/** An open dialog (the app's item window, or the one drawn before it) showing this title. */
const windowWith = (selector: string) =>
  `(title) => [...document.querySelectorAll(${JSON.stringify(selector)})].some((d) => d.open && d.textContent.includes(title))`;

async function tapOnce(page: Page) {
  const card = page.locator(".item-card__link").first();
  const title = (await card.locator(".item-card__title").textContent())!.trim();
  const box = (await card.boundingBox())!;
  // Watched from before the tap, so the first frame that shows a window is the one timed.
  const shown = frameWhen(page, windowWith("dialog"), title);
  const app = frameWhen(page, windowWith("[data-testid=item-modal]"), title);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  const [t0, tShown, tApp] = await Promise.all([firstInput(page), shown, app]);
  return { window: tShown - t0, app: tApp - t0 };
}

export async function firstTouch(base: string, path: string, index: Index, count: number) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: ["--headless", "--no-sandbox"] });
  const newContext = () => browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const tap = { window: [] as number[], app: [] as number[], warm: [] as number[] };
  const scroll: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const context = await newContext();
      const { page } = await load(context, base + path);
      const cold = await tapOnce(page);
      tap.window.push(cold.window);
      tap.app.push(cold.app);
      // The same tap with the app running (the window closed with the browser's back).
      await page.goBack();
      await page.getByTestId("item-modal").waitFor({ state: "detached" });
      await page.evaluate(() => void ((window as unknown as { __firstInput?: number }).__firstInput = undefined));
      tap.warm.push(await tapOnce(page).then((t) => t.app));
      await context.close();
    }
    for (let i = 0; i < count; i++) {
      const context = await newContext();
      const { page, cdp } = await load(context, base + path);
      const id = await page.locator("[data-chip]").nth(4).getAttribute("data-chip");
      const items = index.categories.find((c) => c.id === id)!.items.length;
      // Watched from before the swipe (a swipe's touches take a while to send): nothing is
      // scrolled by the watcher until the page has seen the first touch.
      const shown = frameWhen(
        page,
        `({ id, items }) => {
          if (window.__firstInput === undefined) return false;
          const section = document.getElementById("cat-" + id);
          if (!section) {
            scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
            return false;
          }
          const bar = document.querySelector(".guest-sticky")?.getBoundingClientRect().bottom ?? 0;
          const top = section.getBoundingClientRect().top;
          if (Math.abs(top - bar) > 2) scrollTo({ top: scrollY + top - bar, behavior: "instant" });
          const titles = [...section.querySelectorAll(".item-card__title, .item-brief__title")].filter((t) => t.textContent.trim());
          const first = titles[0]?.getBoundingClientRect();
          return titles.length >= items && !!first && first.top >= 0 && first.bottom <= innerHeight;
        }`,
        { id, items },
      );
      const { width, height } = page.viewportSize()!;
      await swipe(cdp, width / 2, height * 0.8, height * 0.3);
      const [t0, t1] = await Promise.all([firstInput(page), shown]);
      scroll.push(t1 - t0);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { tap, scroll, median };
}
