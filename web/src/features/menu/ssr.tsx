/**
 * Server rendering of the guest pages, built by Vite into web/dist-ssr/ssr.js (vite.ssr.config.ts)
 * with every dependency bundled, and loaded by the publish job (`loadMenuRenderer`). It renders the
 * same components the browser hydrates.
 */
import { createStore } from "jotai";
import QRCode from "qrcode";
import { renderToString } from "react-dom/server";
import type { Messages } from "@/i18n/catalogs";
import { buildIntl } from "@/i18n/intl";
import { catalogLocaleFor, textDirection, type InterfaceLocale, type Language } from "@/i18n/languages";
import en from "@/i18n/messages/en.json";
import ru from "@/i18n/messages/ru.json";
import zh from "@/i18n/messages/zh.json";
import { GuestApp } from "./guest-app";
import { menuJsonUrl, pagePath, type GuestPage, type PublishedMenu } from "./model";
import { staticNav } from "./nav";
import { GuestRoot, type GuestBoot } from "./root";

declare const __GUEST_ASSETS__: { js: string; css: string[]; preload: string[] };

const catalogs: Record<InterfaceLocale, Messages> = { ru, en, zh } as Record<InterfaceLocale, Messages>;

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
/** JSON inside a <script>: "<" escaped so no text can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028|\u2029/g, "");

/** The web build these pages load (the guest entry's hashed file name). */
export const build = __GUEST_ASSETS__.js;

export function renderPage({ menu, page, renderedAt, baseUrl = "" }: { menu: PublishedMenu; page: GuestPage; renderedAt: string; baseUrl?: string }): string {
  const lang = menu.language as Language;
  const locale = catalogLocaleFor(lang);
  const intl = buildIntl(locale, catalogs[locale]);
  const { store } = menu;
  const path = pagePath(store.company_url_key, store.url_key, page);
  const markup = renderToString(
    <GuestRoot intl={intl} store={createStore()}>
      <GuestApp initialMenu={menu} nav={staticNav(path)} renderedAt={renderedAt} setInterfaceLanguage={async () => {}} />
    </GuestRoot>,
  );
  const dataUrl = menuJsonUrl(store.company_url_key, store.url_key, menu.language);
  const boot: GuestBoot = { dataUrl, version: menu.version, renderedAt, language: menu.language };
  const title = store.seo_title || store.name;
  const description = store.seo_description || intl.formatMessage({ id: "menu.seo.description" }, { name: store.name });
  const image = store.logo_light ?? store.logo_dark;
  const abs = (p: string) => `${baseUrl}${p}`;
  const assets = __GUEST_ASSETS__;
  const head = [
    `<meta charset="UTF-8" />`,
    `<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />`,
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
    ...assets.css.map((href) => `<link rel="stylesheet" href="${href}" />`),
    `<link rel="preload" href="${dataUrl}" as="fetch" crossorigin="anonymous" />`,
    `<script type="module" crossorigin src="${assets.js}"></script>`,
    ...assets.preload.map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`),
  ];
  return (
    `<!doctype html>\n<html lang="${escapeHtml(menu.language)}" dir="${textDirection(lang)}">\n<head>\n${head.join("\n")}\n</head>\n<body>\n` +
    `<div id="root" data-guest="">${markup}</div>\n` +
    `<script type="application/json" id="guest-boot">${scriptJson(boot)}</script>\n</body>\n</html>\n`
  );
}

/** A QR code as one SVG path (runs of dark modules per row). */
export function qrPath(text: string): { size: number; path: string } {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const { size, data } = qr.modules;
  let path = "";
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!data[y * size + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && data[y * size + x]) x++;
      path += `M${start} ${y}h${x - start}v1h-${x - start}z`;
    }
  }
  return { size, path };
}
