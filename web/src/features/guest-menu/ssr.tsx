/**
 * Server rendering of the guest pages, built by Vite into web/dist-ssr/ssr.js (vite.ssr.config.ts)
 * with every dependency bundled, and loaded by the publish job (`loadMenuRenderer`). It renders the
 * same components the browser hydrates.
 */
import QRCode from "qrcode";
import { escapeHtml } from "@menu/core/shared/html";
import { renderToString } from "react-dom/server";
import ar from "virtual:guest-messages/ar";
import en from "virtual:guest-messages/en";
import fr from "virtual:guest-messages/fr";
import ru from "virtual:guest-messages/ru";
import tr from "virtual:guest-messages/tr";
import zh from "virtual:guest-messages/zh";
import { Logo } from "@/components/logo";
import { isLanguage, textDirection, type Language } from "@/i18n/languages";
import { sendGuestEvents } from "./beacon";
import { FILTER_STORAGE_KEY } from "./filter";
import { GuestApp } from "./guest-app";
import { createGuestIntl, type GuestCatalog } from "./intl";
import { CHUNK_ITEMS, chunkNames, pageName, publishedKeys, type MenuView } from "@menu/core/shared/published-menu";
import { fullMenuPage } from "./full-menu";
import { chunkUrl, indexUrl } from "./menu-data";
import { pagePath, type GuestPage } from "./model";
import { moneyPattern, priceCurrency, type MoneyPattern } from "./money";
import { staticNav } from "./nav";
import { pageMeta } from "./page-meta";
import { criticalCss } from "./critical-css";
import { GuestRoot, type GuestBoot } from "./root";
import { passPrefix } from "./calls/pass";
import { GUEST_READY_EVENT, GUEST_SHARED, starter, type StarterConfig } from "./starter";
import { STARTER_CONFIG_ID } from "./starter-id";

declare const __GUEST_ASSETS__: { js: string; early: string; css: string[]; cssText: string; preload: string[]; catalogs: Record<Language, string> };

/** Every menu language is a guest interface language. */
const catalogs = { ru, en, zh, ar, tr, fr } as unknown as Record<Language, GuestCatalog>;

/** JSON inside a <script>: "<" escaped so no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028|\u2029/g, "");

/** A short hash of a text (the inline styles), so a change of styles alone also republishes the pages. */
const hashText = (text: string) => {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = (h * 33) ^ text.charCodeAt(i);
  return (h >>> 0).toString(36);
};

/**
 * The page's one inline script, the same text on every page of a build (its settings are the JSON
 * beside it), so the build's CSP names it by hash (`inlineScripts`, hashed by vite.ssr.config.ts).
 */
const starterScript = `(${starter})(JSON.parse(document.getElementById(${JSON.stringify(STARTER_CONFIG_ID)}).textContent),${sendGuestEvents})`;
export const inlineScripts = [starterScript];

/**
 * A page's inline styles: what its markup uses, and what is drawn before the app's stylesheets are
 * in: "guest-waking" and "table-pass" (the starter), the subcategories the early script draws (early.ts; its titles
 * in brief share the cards' rules, its item window brings its own).
 */
const SCRIPTED_CLASSES = ["guest-waking", "table-pass", "menu-subcategory", "menu-subcategory__title"];
const pageCss = criticalCss(__GUEST_ASSETS__.cssText, SCRIPTED_CLASSES);

/**
 * The web build these pages load (the guest entry's and the early script's hashed file names, and
 * the hash of the inline styles and starter): pages of another starter are republished, never
 * served under this build's CSP.
 */
export const build = `${__GUEST_ASSETS__.js}${__GUEST_ASSETS__.early}#${hashText(__GUEST_ASSETS__.cssText + SCRIPTED_CLASSES.join())}${hashText(starterScript)}`;

export function renderPage({
  menu,
  loaded,
  page,
  renderedAt,
  version,
  baseUrl = "",
}: MenuView & { page: GuestPage; renderedAt: string; version: string; baseUrl?: string }): string {
  const lang = menu.language as Language;
  const intl = createGuestIntl(lang, catalogs[lang]);
  const { store } = menu;
  const path = pagePath(store.company_url_key, store.url_key, page);
  const markup = renderToString(
    <GuestRoot intl={intl}>
      <GuestApp initialMenu={menu} initialLoaded={loaded} nav={staticNav(path)} renderedAt={renderedAt} setInterfaceLanguage={async () => {}} />
    </GuestRoot>,
  );
  const dataUrl = indexUrl(store.company_url_key, store.url_key, menu.language);
  // The chunks the page was rendered with (a big category's first only): hydration needs them, the rest come as the guest scrolls.
  const chunkUrls = menu.categories.flatMap((c) =>
    chunkNames(c)
      .slice(0, Math.ceil((loaded[c.id]?.length ?? 0) / CHUNK_ITEMS))
      .map((name) => chunkUrl(store.company_url_key, store.url_key, menu.language, name)),
  );
  // The price formats of every currency the menu's first view (and so, nearly always, the menu) uses.
  const currencies = new Set([menu.store.currency, ...Object.values(loaded).flatMap((items) => items.flatMap((i) => i.portions.map((p) => p.currency)))].map(priceCurrency));
  const money: Record<string, MoneyPattern> = {};
  for (const currency of currencies) {
    const pattern = moneyPattern(lang, currency);
    if (pattern) money[currency] = pattern;
  }
  const boot: GuestBoot = { dataUrl, chunkUrls, page: pageName(page), version, renderedAt, language: menu.language, money };
  const { title, description } = pageMeta(menu, intl);
  // Without JavaScript the page holds only its first view: say so, and link to the whole menu as a plain page.
  const noscript =
    page.kind === "menu" && !menu.hidden
      ? `<noscript><p class="guest-noscript" data-testid="noscript-note">${escapeHtml(intl.formatMessage({ id: "menu.noscript.note" }))} ` +
        `<a href="/${escapeHtml(publishedKeys(store.company_url_key, store.url_key).full(menu.language))}">${escapeHtml(intl.formatMessage({ id: "menu.noscript.link" }))}</a></p></noscript>\n`
      : "";
  const image = store.logo_light ?? store.logo_dark;
  const abs = (p: string) => `${baseUrl}${p}`;
  const assets = __GUEST_ASSETS__;
  // The largest thing of the first view on the menu page is the first promotion's banner: fetched at once.
  const firstCategory = page.kind === "menu" ? menu.categories.find((c) => c.section === "promotions" && !c.parent_id) : undefined;
  const banner = firstCategory ? menu.promotions.find((p) => p.category_id === firstCategory.id)?.banner : undefined;
  const starterConfig: StarterConfig = {
    script: assets.js,
    // The page's catalog is not inline: the HTML stays within one round trip of a new connection.
    chunks: [...assets.preload, assets.catalogs[lang]],
    styles: assets.css,
    data: [dataUrl, ...chunkUrls],
    early: assets.early,
    shared: GUEST_SHARED,
    close: intl.formatMessage({ id: "menu.item.close" }),
    storeId: store.id,
    language: lang,
    filterKey: FILTER_STORAGE_KEY,
    readyEvent: GUEST_READY_EVENT,
    ...(store.table_calls !== false && !menu.hidden ? { calls: passPrefix(store.company_url_key, store.url_key) } : {}),
  };
  const head = [
    `<meta charset="UTF-8" />`,
    `<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />`,
    // One first paint of the whole first view (the markup ends where the boot data starts), not a
    // header painted alone and the rest laid out again after it.
    `<link rel="expect" href="#guest-boot" blocking="render" />`,
    `<meta name="color-scheme" content="light dark" />`,
    `<meta name="theme-color" content="#fbfaf8" media="(prefers-color-scheme: light)" />`,
    `<meta name="theme-color" content="#0f0d0c" media="(prefers-color-scheme: dark)" />`,
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    ...(baseUrl ? [`<link rel="canonical" href="${escapeHtml(abs(path))}" />`] : []),
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(store.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:locale" content="${escapeHtml(menu.language)}" />`,
    ...(baseUrl ? [`<meta property="og:url" content="${escapeHtml(abs(path))}" />`] : []),
    ...(image ? [`<meta property="og:image" content="${escapeHtml(abs(`/${image}`))}" />`] : []),
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    `<link rel="icon" type="image/svg+xml" href="/favicon.svg" />`,
    // The styles the markup uses are inline (about 4 KB compressed): nothing blocks the first paint.
    `<style>${pageCss(markup + noscript)}</style>`,
    ...(banner ? [`<link rel="preload" href="/${escapeHtml(banner)}" as="image" fetchpriority="high" />`] : []),
  ];
  return (
    `<!doctype html>\n<html lang="${escapeHtml(menu.language)}" dir="${textDirection(lang)}">\n<head>\n${head.join("\n")}\n</head>\n<body>\n${noscript}` +
    `<div id="root" data-guest="">${markup}</div>\n` +
    `<script type="application/json" id="guest-boot">${scriptJson(boot)}</script>\n` +
    `<script type="application/json" id="${STARTER_CONFIG_ID}">${scriptJson(starterConfig)}</script>\n` +
    `<script>${starterScript}</script>\n</body>\n</html>\n`
  );
}

/** The whole menu of a language as one plain page without script (the publish job writes it beside the pages). */
export function renderFullMenu(view: MenuView): string {
  const lang = view.menu.language as Language;
  return fullMenuPage(view, createGuestIntl(lang, catalogs[lang]));
}

/**
 * The not-found page of the guest paths and unknown addresses (the local edge answers it with 404):
 * in the visitor's language, with the guest styles inline and no script. `qr`: the page of an
 * unknown or retired table QR code, with a link to the store's menu when the code's store is known.
 */
export function renderNotFound({ lang, qr }: { lang: string; qr?: { menu?: string } }): string {
  const language: Language = isLanguage(lang) ? lang : "ru";
  const intl = createGuestIntl(language, catalogs[language]);
  const title = intl.formatMessage({ id: qr ? "errors.notFound.qrTitle" : "errors.notFound.title" });
  const markup = renderToString(
    <main className="error-screen" data-testid="error-screen">
      <div className="error-screen__brand">
        <a href="/" className="error-screen__logo">
          <Logo />
        </a>
      </div>
      <div className="error-screen__card">
        {!qr && (
          <p className="error-screen__code" aria-hidden="true">
            404
          </p>
        )}
        <h1 className="error-screen__title" data-testid="not-found-heading">
          {title}
        </h1>
        <p className="error-screen__text">{intl.formatMessage({ id: qr ? "errors.notFound.qrDescription" : "errors.notFound.description" })}</p>
        <div className="error-screen__actions">
          {qr?.menu ? (
            <a href={qr.menu} className="btn btn--primary" data-testid="qr-menu-link">
              {intl.formatMessage({ id: "errors.notFound.qrMenu" })}
            </a>
          ) : (
            <a href="/" className="btn btn--primary">
              {intl.formatMessage({ id: "errors.goHome" })}
            </a>
          )}
        </div>
      </div>
    </main>,
  );
  return (
    `<!doctype html>\n<html lang="${language}" dir="${textDirection(language)}">\n<head>\n<meta charset="UTF-8" />\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />\n<meta name="color-scheme" content="light dark" />\n` +
    `<meta name="robots" content="noindex" />\n<title>${escapeHtml(title)} — QR Menu</title>\n<link rel="icon" type="image/svg+xml" href="/favicon.svg" />\n` +
    `<style>${pageCss(markup)}</style>\n</head>\n<body>\n<div id="root">${markup}</div>\n</body>\n</html>\n`
  );
}

/** The light border around a QR code, in modules (the page's own background goes on around it). */
const QR_MARGIN = 2;

/**
 * A QR code as one path to stroke 1 module wide: per row, its runs of dark modules as a move and an
 * `h`, the moves relative (the page carries it in its first round trip: a third of the bytes of a
 * rectangle per run). `size` includes the margin on each side.
 */
export function qrPath(text: string): { size: number; path: string } {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const { size, data } = qr.modules;
  let path = "";
  let pen = { x: 0, y: 0 };
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!data[y * size + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && data[y * size + x]) x++;
      const at = { x: start + QR_MARGIN, y: y + QR_MARGIN + 0.5 };
      path += path ? `m${at.x - pen.x} ${at.y - pen.y}h${x - start}` : `M${at.x} ${at.y}h${x - start}`;
      pen = { x: x + QR_MARGIN, y: at.y };
    }
  }
  return { size: size + 2 * QR_MARGIN, path };
}
