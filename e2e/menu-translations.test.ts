/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { demo, publishedMenu } from "./demo";
import { guestReady } from "./guest";
import { engineControl, workerRuntime } from "./worker-runtime";

/**
 * Issue 12, points 5 and 7: per-language translation editors in the menu dialogs, status badges in
 * the admin lists, and the client polling of SPEC sections 4 and 9: the whole loop in the browser
 * against the fake LibreTranslate of runtime.global.ts (its schedule under fake timers is
 * web/src/features/menu-admin/translations/scheduler.test.ts).
 */

const base = workerRuntime().baseUrl;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function context(width: number, cookies: Record<string, string> = {}) {
  const c = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, deviceScaleFactor: 1 });
  contexts.push(c);
  await c.addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: base })));
  return c;
}

/** The demo owner, signed in (their interface language wins after sign-in: texts are matched in ru or en). */
async function signedIn(width = 1280) {
  const owner = demo().logins.find((l) => l.role === "company_manager")!;
  const page = await (await context(width, { locale: "en" })).newPage();
  await page.goto(`${base}/login`);
  await page.locator('input[name="email"]').fill(owner.email);
  await page.locator('input[name="password"]').fill(owner.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${base}/demo/center/admin-panel`);
  return page;
}

const api = async <T>(page: Page, path: string) => (await (await page.request.get(`${base}${path}`)).json()) as T;
const published = async (language: string) => publishedMenu("demo", "center", language);
const publishedTitle = async (language: string, id: string) => (await published(language)).items.find((i) => i.id === id)?.title;

type Category = { id: string; parent_id: string; visible: boolean; schedule?: { enabled: boolean }; content_count: number };

/**
 * Accessibility of a part of the page: axe-core's WCAG 2 A/AA rules when the workspace has axe-core;
 * without it (it is not a dependency yet) the same kinds of checks written here: every control and
 * badge has a name (a badge's includes its visible code), text contrast at least 4.5:1 (3:1 when
 * large), ids unique and references resolving, tabs wired to their panels.
 */
async function accessibilityProblems(page: Page, selector: string): Promise<string[]> {
  let script: string | undefined;
  try {
    script = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
  } catch {
    script = undefined;
  }
  if (script) {
    // Evaluated by the browser's debugger, not as a page script: the page's CSP (no inline scripts) does not apply.
    await page.evaluate(readFileSync(script, "utf8"));
    return page.evaluate(async (sel) => {
      type Axe = { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
      const axe = (window as unknown as { axe: Axe }).axe;
      const result = await axe.run({ include: [sel] }, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
      return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    }, selector);
  }
  return page.evaluate((sel) => {
    const root = document.querySelector(sel);
    if (!root) return [`${sel} not found`];
    const problems: string[] = [];
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].join(".")} "${(el.textContent ?? "").trim().slice(0, 30)}"`;
    const textOf = (ids: string) =>
      ids
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ")
        .trim();
    const nameOf = (el: Element): string => {
      const labelledby = el.getAttribute("aria-labelledby");
      if (labelledby) return textOf(labelledby);
      const label = el.getAttribute("aria-label");
      if (label) return label.trim();
      if (el.id) {
        const forLabel = document.querySelector(`label[for="${CSS.escape(el.id)}"]`);
        if (forLabel) return (forLabel.textContent ?? "").trim();
      }
      const wrapping = el.closest("label");
      if (wrapping) return (wrapping.textContent ?? "").trim();
      if (el instanceof HTMLInputElement || el.getAttribute("role") === "textbox") return (el.getAttribute("title") ?? "").trim();
      return ((el as HTMLElement).innerText || el.getAttribute("title") || "").trim();
    };

    // Names: controls, tabs, text boxes and badges.
    for (const el of root.querySelectorAll("button, a[href], input:not([type=hidden]), select, textarea, [role=textbox], [role=tab], [role=img], [role=switch]")) {
      if ((el as HTMLElement).offsetParent === null && getComputedStyle(el).position !== "fixed") continue;
      const name = nameOf(el);
      if (!name) problems.push(`no accessible name: ${describe(el)}`);
      if (el.getAttribute("role") === "img") {
        const visible = (el.textContent ?? "").trim().split(/\s/)[0] ?? "";
        if (!name.startsWith(visible)) problems.push(`name "${name}" does not contain the visible "${visible}"`);
      }
    }
    // Ids and references.
    const ids = new Map<string, number>();
    document.querySelectorAll("[id]").forEach((el) => ids.set(el.id, (ids.get(el.id) ?? 0) + 1));
    for (const el of root.querySelectorAll("[id]")) if ((ids.get(el.id) ?? 0) > 1) problems.push(`duplicate id ${el.id}`);
    for (const el of root.querySelectorAll("[aria-labelledby], [aria-describedby], [aria-controls]")) {
      for (const attr of ["aria-labelledby", "aria-describedby", "aria-controls"]) {
        for (const id of (el.getAttribute(attr) ?? "").split(/\s+/).filter(Boolean)) {
          if (!document.getElementById(id)) problems.push(`${attr}="${id}" points nowhere: ${describe(el)}`);
        }
      }
    }
    for (const tab of root.querySelectorAll("[role=tab]")) {
      if (!tab.closest("[role=tablist]")) problems.push(`tab outside a tablist: ${describe(tab)}`);
      if (!["true", "false"].includes(tab.getAttribute("aria-selected") ?? "")) problems.push(`tab without aria-selected: ${describe(tab)}`);
    }

    // Contrast of every visible text.
    type RGBA = [number, number, number, number];
    const parse = (value: string): RGBA | undefined => {
      let m = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(value);
      if (m) return [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])];
      m = /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)$/.exec(value);
      if (m) return [Number(m[1]) * 255, Number(m[2]) * 255, Number(m[3]) * 255, m[4] === undefined ? 1 : Number(m[4])];
      return undefined;
    };
    const over = (top: RGBA, bottom: RGBA): RGBA => {
      const a = top[3] + bottom[3] * (1 - top[3]);
      if (!a) return [0, 0, 0, 0];
      const mix = (i: number) => (top[i]! * top[3] + bottom[i]! * bottom[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const background = (el: Element): RGBA | undefined => {
      const layers: RGBA[] = [];
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== "none") return undefined;
        const bg = parse(style.backgroundColor);
        if (!bg) return undefined;
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] >= 1) break;
      }
      return layers.reduceRight<RGBA>((below, layer) => over(layer, below), [255, 255, 255, 1]);
    };
    const luminance = ([r, g, b]: RGBA) => {
      const c = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
    };
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const checked = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || checked.has(el) || !(node.textContent ?? "").trim()) continue;
      checked.add(el);
      const style = getComputedStyle(el);
      if (el.closest("[hidden], [aria-hidden=true], button:disabled, .visually-hidden") || style.visibility === "hidden" || el.getClientRects().length === 0) continue;
      const fg = parse(style.color);
      const bg = background(el);
      if (!fg || !bg) continue;
      const text = over(fg, bg);
      const [l1, l2] = [luminance(text), luminance(bg)].sort((a, b) => b - a) as [number, number];
      const ratio = (l1 + 0.05) / (l2 + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) problems.push(`contrast ${ratio.toFixed(2)} < ${large ? 3 : 4.5}: ${describe(el)} (${style.color} on ${bg.map(Math.round).join(",")})`);
    }
    return problems;
  }, selector);
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await engineControl("resume");
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
});

describe("menu translations in the admin panel", () => {
  it("shows an item's translation pending then completed through polling, keeps a hand-made translation over source changes, and goes back to automatic", { timeout: 240_000 }, async () => {
    const page = await signedIn();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const statusCalls: number[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/translations/statuses") statusCalls.push(Date.now());
    });
    const cs = await api<{ store_id: string }>(page, "/api/cs-object?companyKey=demo&storeKey=center&scope=owned");
    const overview = await api<{ languages: string[] }>(page, `/api/translations?storeId=${cs.store_id}`);
    expect(overview.languages).toEqual(expect.arrayContaining(["en", "zh"]));
    const categories = await api<Category[]>(page, `/api/categories?storeId=${cs.store_id}&section=kitchen`);
    // A leaf category guests always see (no schedule on it or its parent).
    const category = categories.find((c) => {
      const parent = categories.find((p) => p.id === c.parent_id);
      return c.visible && !c.schedule?.enabled && !parent?.schedule?.enabled && (!parent || parent.visible) && !categories.some((x) => x.parent_id === c.id);
    })!;
    expect(category).toBeTruthy();

    await page.goto(`${base}/demo/center/admin-panel/kitchen/${category.id}`);
    await page.getByTestId("admin-items").waitFor();
    // The demo's items are translated: the chip counts each of the store's languages as done; its details have a badge per language.
    const count = overview.languages.length;
    await expect.poll(() => page.getByTestId("admin-item").first().getByTestId("translation-chip-button").innerText()).toMatch(new RegExp(`${count}/${count}$`));
    expect(await page.getByTestId("admin-item").first().getByTestId("translation-badge").count()).toBe(count);

    // A new Russian item: its EN badge is pending (the engine holds its answers while the test
    // looks), then completed when the poll re-fetches it.
    await engineControl("pause");
    const n = Date.now() % 100000;
    const title = `Текст ${n}`;
    await page.getByTestId("add-item").click();
    const dialog = page.getByTestId("item-dialog");
    expect(await dialog.getByTestId("tab-translations").count()).toBe(0); // a new item has no translations yet
    await dialog.getByLabel(/^(Название|Title)/).fill(title);
    await dialog.locator(".ql-editor").click();
    await page.keyboard.type("Текст описания");
    await dialog.getByTestId("portion-row").nth(0).getByLabel(/^(Вес|Weight)/).fill("250");
    await dialog.getByTestId("portion-row").nth(0).getByLabel(/^(Цена|Price)/).fill("9.90");
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: "detached" });
    const savedAt = Date.now();
    const card = (t: string) => page.locator(`[data-testid=admin-item][data-title="${t}"]`);
    const badge = (t: string, lang: string) => card(t).locator(`[data-testid=translation-badge][data-lang=${lang}]`);
    await card(title).waitFor();
    await expect.poll(() => badge(title, "en").getAttribute("data-state"), { timeout: 10_000 }).toMatch(/^(queued|in_progress)$/);
    expect(await badge(title, "en").getAttribute("aria-label")).toMatch(/^EN: (in queue|in progress|в очереди|переводится)$/);
    expect(await badge(title, "en").textContent()).toMatch(/^EN\s…$/);

    // "Untranslated only" shows the new item and nothing that is fully translated.
    const filter = page.locator("label", { has: page.getByTestId("untranslated-only") });
    await filter.click();
    expect(await page.getByTestId("untranslated-only").isChecked()).toBe(true);
    await expect.poll(() => card(title).count()).toBe(1);
    const shownStates = await page.getByTestId("admin-item").evaluateAll((cards) =>
      cards.map((c) => [...c.querySelectorAll("[data-testid=translation-badge]")].map((b) => b.getAttribute("data-state"))),
    );
    for (const states of shownStates) expect(states.some((s) => s !== "completed" && s !== "manual")).toBe(true);
    await filter.click();
    expect(await page.getByTestId("untranslated-only").isChecked()).toBe(false);

    await engineControl("resume");
    await expect.poll(() => badge(title, "en").getAttribute("data-state"), { timeout: 40_000, interval: 250 }).toBe("completed");
    expect(await badge(title, "en").getAttribute("aria-label")).toMatch(/^EN: (completed|готово)$/);
    await expect.poll(() => badge(title, "zh").getAttribute("data-state"), { timeout: 20_000 }).toBe("completed");
    // Polling did it: the first status call came after the 3 s debounce and within the 10 s max wait.
    expect(statusCalls.length).toBeGreaterThan(0);
    // The debounce and max-wait numbers are checked with fake timers above, not with the wall clock.
    expect(statusCalls[0]!).toBeGreaterThan(savedAt);

    // The English guest menu shows the machine translation.
    const id = (await card(title).getAttribute("data-item-id"))!;
    await expect.poll(() => publishedTitle("en", id), { timeout: 30_000, interval: 500 }).toBe(`[en] ${title}`);
    const guest = await (await context(390, { menu_language: "en" })).newPage();
    await guest.goto(`${base}/demo/center/menu`);
    await guestReady(guest);
    await guest.locator(`[data-item-id="${id}"]`).first().getByText(`[en] ${title}`).waitFor();

    // The item dialog's translations: machine-made text, labelled so; then a hand-made English one.
    await card(title).getByTestId("edit-item").click();
    await dialog.getByTestId("tab-translations").click();
    const section = dialog.getByTestId("translations-section");
    const row = (lang: string) => section.locator(`[data-testid=translation-language][data-lang=${lang}]`);
    await row("en").waitFor();
    expect(await row("en").getAttribute("data-state")).toBe("completed");
    expect(await row("en").getByTestId("translation-origin").getAttribute("data-origin")).toBe("machine");
    expect(await row("en").getByTestId("translation-text").textContent()).toContain(`[en] ${title}`);
    expect(await row("en").getByTestId("translation-text").textContent()).toContain("[en] Текст описания");
    expect(await accessibilityProblems(page, "[data-testid=item-dialog] [data-testid=translations-section]")).toEqual([]);

    const manual = `Hand-made ${n}`;
    await row("en").getByTestId("edit-translation").click();
    const editor = row("en").getByTestId("translation-editor");
    await editor.locator(".ql-editor").waitFor();
    expect(await editor.locator('input[name="translation-title"]').inputValue()).toBe(`[en] ${title}`);
    await editor.locator('input[name="translation-title"]').fill("");
    await editor.locator('button[type="submit"]').click();
    await editor.getByRole("alert").first().waitFor(); // the source field's rule: a title is required
    await editor.locator('input[name="translation-title"]').fill(manual);
    await editor.locator(".ql-editor").click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Written by staff");
    expect(await accessibilityProblems(page, "[data-testid=item-dialog] [data-testid=translations-section]")).toEqual([]);
    await editor.locator('button[type="submit"]').click();
    await expect.poll(() => row("en").getAttribute("data-state")).toBe("manual");
    expect(await row("en").getByTestId("translation-origin").getAttribute("data-origin")).toBe("manual");
    expect(await row("en").getByTestId("translation-text").textContent()).toContain(manual);
    expect(await row("en").getByTestId("translation-text").textContent()).toContain("Written by staff");
    await expect.poll(() => badge(title, "en").getAttribute("data-state")).toBe("manual");

    // A new Russian title: the hand-made English stays (flagged outdated: its source changed), Chinese follows the new source.
    const renamed = `Текст новый ${n}`;
    await dialog.getByTestId("tab-details").click();
    await dialog.getByLabel(/^(Название|Title)/).fill(renamed);
    await dialog.locator('button[type="submit"]').click();
    await dialog.waitFor({ state: "detached" });
    await card(renamed).waitFor();
    await expect.poll(() => badge(renamed, "en").getAttribute("data-state"), { timeout: 40_000, interval: 250 }).toBe("outdated");
    await expect.poll(() => badge(renamed, "zh").getAttribute("data-state"), { timeout: 40_000, interval: 250 }).toBe("completed");
    // "Outdated only" appears while something is outdated and keeps the card.
    await page.locator("label", { has: page.getByTestId("outdated-only") }).click();
    await expect.poll(() => page.getByTestId("admin-item").evaluateAll((cards) => cards.every((c) => c.querySelector('[data-state="outdated"]')))).toBe(true);
    await card(renamed).waitFor();
    await page.locator("label", { has: page.getByTestId("outdated-only") }).click();
    await expect.poll(() => publishedTitle("zh", id), { timeout: 30_000, interval: 500 }).toBe(`[zh] ${renamed}`);
    expect(await publishedTitle("en", id)).toBe(manual);
    await guest.reload();
    await guestReady(guest);
    await guest.locator(`[data-item-id="${id}"]`).first().getByText(manual).waitFor();

    // Checked against the new title: current again (still hand-made).
    await card(renamed).getByTestId("edit-item").click();
    await dialog.getByTestId("tab-translations").click();
    await row("en").getByTestId("translation-outdated").waitFor();
    await row("en").getByTestId("check-translation").click();
    await expect.poll(() => row("en").getAttribute("data-state"), { timeout: 20_000, interval: 250 }).toBe("manual");
    expect(await row("en").getByTestId("translation-outdated").count()).toBe(0);

    // Back to automatic (after a confirmation): queued, then the machine translation of the new title.
    await row("en").getByTestId("reset-translation").click();
    const confirm = page.getByTestId("translation-reset-dialog");
    await confirm.getByTestId("confirm-translation-reset").click();
    await confirm.waitFor({ state: "detached" });
    await expect.poll(() => row("en").getAttribute("data-state"), { timeout: 40_000, interval: 250 }).toBe("completed");
    expect(await row("en").getByTestId("translation-origin").getAttribute("data-origin")).toBe("machine");
    expect(await row("en").getByTestId("translation-text").textContent()).toContain(`[en] ${renamed}`);
    await expect.poll(() => publishedTitle("en", id), { timeout: 30_000, interval: 500 }).toBe(`[en] ${renamed}`);
    await dialog.getByRole("button", { name: /^(Закрыть|Close)$/ }).last().click();
    await dialog.waitFor({ state: "detached" });

    // The category's row and dialog use the same badges and translations tab.
    expect(await page.locator(`[data-testid=category-row][data-category-id="${category.id}"] [data-testid=translation-badge]`).count()).toBe(overview.languages.length);
    await page.getByTestId("edit-category").click();
    const categoryDialog = page.getByTestId("category-dialog");
    await categoryDialog.getByTestId("tab-translations").click();
    await expect.poll(() => categoryDialog.locator("[data-testid=translation-language]").count()).toBe(overview.languages.length);
    expect(await categoryDialog.locator("[data-testid=translation-language] .rich-text-editor").count()).toBe(0);
    expect(await accessibilityProblems(page, "[data-testid=category-dialog] [data-testid=translations-section]")).toEqual([]);
    await page.keyboard.press("Escape");
    await categoryDialog.waitFor({ state: "detached" });

    // Leave the demo menu as it was.
    await card(renamed).getByTestId("delete-item").click();
    await page.getByTestId("confirm-delete").click();
    await expect.poll(() => card(renamed).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

