/**
 * pnpm bench:onboarding — a new owner's whole journey in headless Chromium, timed (issue 33, point
 * 10): register (URL names suggested) → confirm by the mailed link → sign in → import a 100-item
 * Russian sheet from the empty menu editor → languages (on by default) → translation (running by
 * itself, or started) → 10 tables in the bulk dialog → the QR cards PDF → "open the menu now" (the
 * trial) → what is left of the translation run → a guest scans a table's QR in each of the six menu languages and sees translated item titles.
 * Runs the local runtime on a fresh data folder with the fake LibreTranslate the browser tests use.
 *
 * Every owner action goes through a small wrapper that counts it (clicks, fields filled with their
 * typed characters, files chosen); every wait for the server or the browser is timed. Per step it
 * prints wall time, machine time (waits), actions and the owner-time estimate: 2 s per click or
 * field, 0.3 s per typed character, 8 s per file, plus the waits the owner sits through (the
 * owner's own screen; the guests' and the bench's own checks are machine time only). Goal: ≤ 40
 * actions and ≤ 3 minutes of the owner's time. Printed, never asserted: the exit code is 1 only
 * when the journey itself fails. Needs Java and a built web app.
 *
 * Two journeys, each with its table (issue 50): the owner brings our spreadsheet, then another
 * owner brings the same menu as a designer's PDF, read into a draft they check and confirm (goal
 * ≤ 5 minutes and ≤ 40 actions; scripts/onboarding-sources.ts).
 *
 * A plain script, not a vitest file: nothing here may call vitest's inject() (e2e/browser.ts's
 * launchBrowser does), so the browser is launched (or connected to) here.
 *
 * Check mode (`BENCH_CHECK=1` or `--check`, scripts/bench-support.ts): the same journey with a
 * 6-item sheet, the fake engine answering after 50 ms, and guests scanning in Russian and English
 * only. BENCH_BASE_URL and BENCH_DATA_DIR name a running runtime instead of starting one (the owner
 * registers a company of their own there, with a new address each run; its outbox is read from the
 * data folder, and its own translation engine translates); BENCH_TEMPLATE_DIR, a data folder seeded
 * with the demo data and stopped, is copied instead of seeding one; BENCH_BROWSER_WS, a Chromium
 * playwright server's endpoint, is connected to instead of launching Chromium.
 */
import { join } from "node:path";
import { chromium, type Download } from "playwright-core";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { MENU_LANGUAGES } from "@menu/core/shared/model";
import { fakeTranslation, startFakeLibreTranslate } from "../packages/core/test/support/fake-translate-servers";
import { chromiumOptions } from "../e2e/chromium";
import { linkMailedTo } from "../e2e/outbox";
import { benchRuntime, sized } from "./bench-support";
import { owner, printTable, step, until as untilWithin, wait } from "./onboarding-journey";
import { pdf, sheetRows, spreadsheet, type Source } from "./onboarding-sources";

/** The bulk dialog's default count: the owner keeps it. */
const TABLES = 10;
/** Items in the owner's sheet. */
const ITEMS = sized(100, 6);
/** The languages guests scan the menu in. */
const SCAN_LANGUAGES = sized<readonly string[]>(MENU_LANGUAGES, MENU_LANGUAGES.slice(0, 2));
/** The e2e suite's engine answers after a second per call; the same here. */
const ENGINE_DELAY_MS = Number(process.env.BENCH_ENGINE_DELAY_MS ?? sized(1000, 50));
/** How long a screen may take to answer, and a translation run or a publish to finish, on a busy machine. */
const UI_MS = 120_000;
const WAIT_MS = 600_000;
/** Polls until `check` answers something truthy, within WAIT_MS. */
const until = <T>(what: string, check: () => Promise<T | undefined | null | false>) => untilWithin(what, check, WAIT_MS);

async function pdfPages(bytes: Uint8Array) {
  const doc = await getDocument({ data: bytes, useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ("str" in i ? i.str : "")).join(" "));
  }
  return pages;
}

/** A download's bytes, read through the browser's connection (a connected browser keeps the file on its side). */
async function downloadedBytes(download: Download) {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const engine = await startFakeLibreTranslate({ delayMs: ENGINE_DELAY_MS });
const runtime = await benchRuntime("bench-onboarding", { LIBRETRANSLATE_URL: engine.url });
const { dataDir } = runtime;
const browser = process.env.BENCH_BROWSER_WS ? await chromium.connect(process.env.BENCH_BROWSER_WS) : await chromium.launch(chromiumOptions());
const rows = sheetRows(ITEMS);
const titles = rows.slice(1).map((r) => r[2]!);

let failed = false;
const base = runtime.baseUrl;
/** One owner's way from registering to guests reading the menu in every language. */
async function journey({ cafe, email, bring }: Source) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const password = "Berezka-2026-menu";
  let admin = "";
  let qrUrl = "";

  await step("Register (URL names suggested)", async () => {
    await wait(() => page.goto(base + "/"));
    await owner.click(page.locator(".site-header__register"));
    await wait(() => page.locator('input[name="company_name"]').waitFor());
    await owner.fill(page.locator('input[name="company_name"]'), cafe);
    await owner.fill(page.locator('input[name="store_name"]'), "Центральное");
    // The URL names come from the names typed, checked as they are proposed: the owner keeps them.
    const company = page.locator('input[name="company_url_key"]');
    const store = page.locator('input[name="store_url_key"]');
    const keys = await wait(() => until("the suggested URL names", async () => [await company.inputValue(), await store.inputValue()].every(Boolean) && [await company.inputValue(), await store.inputValue()]));
    admin = `/${keys[0]}/${keys[1]}/admin-panel`;
    console.log(`Suggested URL names: ${keys.join(" / ")}`);
    await owner.fill(page.locator('input[name="email"]'), email);
    await owner.fill(page.locator('input[name="password"]'), password);
    await owner.fill(page.locator('input[name="password_confirmation"]'), password);
    await owner.click(page.locator('form button[type="submit"]'));
    await wait(() => page.getByTestId("registration-done").waitFor({ timeout: UI_MS }));
  });

  await step("Confirm by the mailed link", async () => {
    // The owner opens the mail (the local outbox) and its link; the page then goes on to the sign-in by itself.
    const link = await wait(() => linkMailedTo(email, "/register/user-confirmation", WAIT_MS, dataDir));
    await owner.open(page, base + link);
    await wait(() => page.getByTestId("confirmation-done").waitFor({ timeout: UI_MS }));
    await wait(() => page.waitForURL((u) => u.pathname === "/login", { timeout: UI_MS }));
  });

  await step("Sign in", async () => {
    await owner.fill(page.locator('input[name="email"]'), email);
    await owner.fill(page.locator('input[name="password"]'), password);
    await owner.click(page.locator('form button[type="submit"]'));
    await wait(() => page.waitForURL(base + admin, { timeout: UI_MS }));
    // A new owner's first visit greets them.
    const welcome = page.getByTestId("welcome-dialog");
    await wait(() => welcome.waitFor({ timeout: UI_MS }));
    await owner.click(welcome.locator("button.btn--primary"));
    await wait(() => page.getByTestId("checklist").waitFor({ timeout: UI_MS }));
  });

  await step(`Import the ${titles.length}-item menu`, async () => {
    // From the checklist's menu step to the empty menu editor's import.
    await owner.click(page.getByTestId("checklist-link-menu"));
    // The overview has an import panel of its own further down: this one is the empty kitchen's.
    await wait(() => page.waitForURL((u) => u.pathname === `${admin}/kitchen`, { timeout: UI_MS }));
    await wait(() => page.getByTestId("categories-empty").waitFor({ timeout: UI_MS }));
    const panel = page.getByTestId("menu-import");
    await bring(panel);
    const result = panel.getByTestId("import-result");
    await wait(() => result.waitFor({ timeout: WAIT_MS }));
    const added = await result.getByTestId("import-result-added").locator("dd").innerText();
    console.log(`Import: ${added} added`);
    if (Number(added) !== titles.length) throw new Error(`The import added ${added} of ${titles.length} items`);
  });

  await step("Languages (on by default)", async () => {
    // The owner sees on the overview's checklist what is left to translate, per language: nothing to switch on.
    await owner.click(page.locator(".staff-nav__link").first());
    // On a quick machine the import's translation run may have finished already: no language is left.
    const lines = page.locator('[data-testid^="checklist-language-"]');
    const translated = page.locator('[data-testid="checklist-translations"][data-done="true"]');
    await wait(() => until("the checklist's languages", async () => (await lines.count()) || (await translated.count())));
    const count = await lines.count();
    console.log(`Checklist: ${count ? (await lines.allInnerTexts()).join("; ") : "every text translated"}`);
    if (count && count !== MENU_LANGUAGES.length - 1) console.log(`FINDING: ${count} extra menu languages on a new store, not ${MENU_LANGUAGES.length - 1}`);
  });

  // Saved texts are queued for translation by themselves (the import's too): the owner finds a run
  // going, or starts one, and goes on with the tables while it works; what is left of it is waited
  // for before the guests scan.
  let started = false;
  const missing = async () => {
    const cs = (await (await page.request.get(`${base}/api/cs-object?companyKey=${admin.split("/")[1]}&storeKey=${admin.split("/")[2]}&scope=owned`)).json()) as { store_id: string };
    const checklist = (await (await page.request.get(`${base}/api/setup-checklist?storeId=${cs.store_id}`)).json()) as { steps: { id: string; done: boolean }[] };
    return !checklist.steps.find((s) => s.id === "translations")!.done;
  };
  const running = () => page.getByTestId("translation-progress").isVisible();
  await step("Translation (running, or started)", async () => {
    await owner.click(page.getByTestId("checklist-link-translations"));
    const all = page.getByTestId("translate-all");
    await wait(() => all.waitFor({ timeout: UI_MS }));
    if (!(await running()) && (await all.isEnabled()) && (await missing())) {
      started = true;
      await owner.click(all);
    }
  });

  await step(`${TABLES} tables (bulk dialog)`, async () => {
    await owner.click(page.locator(`.staff-nav__link[href$="/tables"]`));
    await owner.click(page.getByTestId("add-tables"));
    const dialog = page.getByTestId("tables-bulk-dialog");
    await wait(() => dialog.getByTestId("tables-bulk-preview").waitFor({ timeout: UI_MS }));
    console.log(`Bulk dialog proposes: ${await dialog.getByTestId("tables-bulk-preview").innerText()}`);
    await owner.click(dialog.locator('button[type="submit"]'));
    await wait(() => until(`${TABLES} table rows`, async () => (await page.getByTestId("table-row").count()) === TABLES));
    qrUrl = new URL((await page.getByTestId("qr-link").first().getAttribute("href"))!, base).href;
  });

  await step("QR cards PDF", async () => {
    // The owner waits for the file to arrive.
    const bytes = await wait(async () => {
      const [download] = await Promise.all([page.waitForEvent("download", { timeout: UI_MS }), owner.click(page.getByTestId("cards-pdf"))]);
      return downloadedBytes(download);
    });
    const pages = await pdfPages(new Uint8Array(bytes));
    const named = Array.from({ length: TABLES }, (_, i) => `Стол ${i + 1}`).filter((n) => pages.some((p) => p.includes(n)));
    console.log(`Cards PDF: ${pages.length} pages, ${named.length} of ${TABLES} tables named`);
    if (named.length !== TABLES) throw new Error(`The cards PDF names ${named.length} of ${TABLES} tables`);
  });

  await step("Open the menu now (trial)", async () => {
    await owner.click(page.locator(`.staff-nav__link[href$="/subscription"]`));
    await wait(() => page.getByTestId("open-now").waitFor({ timeout: UI_MS }));
    await owner.click(page.getByTestId("open-now"));
    await owner.click(page.getByTestId("open-now-confirm"));
    await wait(() => until("the trial to start", async () => (await page.getByTestId("open-now").count()) === 0 && (await page.getByTestId("current-plan-name").isVisible())));
    console.log(`Plan: ${await page.getByTestId("current-plan-name").innerText()}, phase: ${await page.getByTestId("phase").innerText()}`);
  });

  await step("Translation finished (what was left of it)", async () => {
    // Back where the run shows (the overview's checklist links there): one address, one click.
    await owner.open(page, `${base}${admin}/settings/translations-map`);
    const outcome = await wait(() =>
      until("the translation run to finish", async () => {
        if (await page.getByTestId("translation-finished").isVisible()) return page.getByTestId("translation-finished").innerText();
        if (await running()) return undefined;
        return (await missing()) ? undefined : "nothing left to translate";
      }),
    );
    console.log(`Translation: ${started ? "started by the owner" : "already running (queued by the import)"}; ${outcome}`);
  });

  await step(`Guest scans in ${SCAN_LANGUAGES.length} languages`, async () => {
    // A guest's phone in each language scans the first table's QR; machine time only (not the owner's).
    for (const language of SCAN_LANGUAGES) {
      const guest = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: language, isMobile: true, hasTouch: true });
      const scan = await guest.newPage();
      const expected = new Set(titles.map((t) => (language === "ru" ? t : fakeTranslation(t, language))));
      const seen = await wait(
        () =>
          until(`translated titles in ${language}`, async () => {
            await scan.goto(qrUrl);
            const cards = scan.locator(".item-card__title");
            await cards.first().waitFor({ timeout: UI_MS });
            const shown = (await cards.allInnerTexts()).map((t) => t.trim());
            const lang = await scan.evaluate(() => document.documentElement.lang);
            return lang === language && shown.length > 0 && shown.every((t) => expected.has(t)) && shown;
          }),
        false,
      );
      console.log(`Guest ${language}: ${seen.length} titles, e.g. ${seen[0]}`);
      await guest.close();
    }
  });
  if (errors.length) console.log(`Page errors on the owner's screen:\n${errors.join("\n")}`);
  await context.close();
}

// A runtime of others may have seen these owners already (an earlier run): new addresses then.
const emailOf = (name: string) => (runtime.own ? `owner@${name}.example` : `owner-${Date.now().toString(36)}@${name}.example`);
const sources = [spreadsheet(rows, emailOf("berezka")), pdf(rows, emailOf("lipka"))];
try {
  for (const source of sources) {
    try {
      await journey(source);
    } finally {
      printTable(source.title, source.goalMinutes);
    }
  }
} catch (error) {
  failed = true;
  console.error(error);
  for (const p of browser.contexts().flatMap((c) => c.pages())) {
    const path = join(dataDir, `failed-${Date.now()}.png`);
    await p.screenshot({ path, fullPage: true }).catch(() => undefined);
    console.error(`Screen at ${p.url()}: ${path}`);
  }
} finally {
  await browser.close();
  await runtime.stop();
  await engine.close();
}
process.exit(failed ? 1 : 0);
