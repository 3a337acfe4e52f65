/**
 * The sign-in form of index.html (issue 15, point 3): the SPA renders its pages in the browser, so
 * before its JavaScript has arrived a page is empty and a fast typist on a slow phone would type
 * into nothing, or lose what was typed when the app replaced the page. This plugin puts the /login
 * form itself (the markup of `AuthLayout` + `LoginPage`, hidden) and a small inline script
 * (login-shell.client.js) into index.html: on /login the script shows the form in the stored
 * interface language at once; the app's sign-in page then adopts the typed values, the focus and a
 * pending submit (src/features/auth/boot-form.ts). The texts come from the catalogs at build time.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { interfaceLocales, languageNames, languageShortLabels } from "../src/i18n/languages";

/** The catalog keys the form shows (plain texts: the script sets them as text, never as HTML). */
const KEYS = [
  "login.title",
  "login.lead",
  "form.email",
  "form.password",
  "form.showPassword",
  "form.hidePassword",
  "login.remember",
  "login.forgot",
  "login.submit",
  "login.noAccount",
  "login.registerLink",
  "auth.homeLink",
  "language.switcherLabel",
] as const;

function texts() {
  return Object.fromEntries(
    interfaceLocales.map((locale) => {
      const file = fileURLToPath(new URL(`../src/i18n/messages/${locale}.json`, import.meta.url));
      const catalog = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
      const picked = KEYS.map((key) => {
        const text = catalog[key];
        if (typeof text !== "string" || /[{}<]/.test(text)) throw new Error(`${file}: "${key}" must be a plain text for the boot sign-in form`);
        return [key, text];
      });
      return [locale, Object.fromEntries(picked)];
    }),
  );
}

const LOGO = `<span class="logo"><svg class="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8" fill="currentColor"></rect><g fill="var(--logo-ink, #fff)"><path d="M7 7h8v8H7zm2 2v4h4V9zM17 7h8v8h-8zm2 2v4h4V9zM7 17h8v8H7zm2 2v4h4v-4z"></path><path d="M17 17h3v3h-3zm5 0h3v3h-3zm-5 5h3v3h-3zm5 0h3v3h-3zm-2.5-2.5h3v3h-3z"></path></g></svg><span class="logo__text">QR Menu</span></span>`;
const EYE = `<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="1.8" aria-hidden="true"><path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"></path><circle cx="12" cy="12" r="3"></circle></svg>`;

const switcher = interfaceLocales
  .map(
    (l) =>
      `<button type="button" lang="${l}" class="lang-switch__option" aria-pressed="false" aria-label="${languageNames[l]}" title="${languageNames[l]}" data-locale="${l}">${languageShortLabels[l]}</button>`,
  )
  .join("");

/** The same elements and classes as the React page, so nothing moves when the app takes over. */
const MARKUP = `<div id="boot-login" hidden>
  <div class="auth-page">
    <header class="auth-page__header">
      <a href="/" class="auth-page__logo" data-label="auth.homeLink">${LOGO}</a>
      <div role="group" class="lang-switch" data-label="language.switcherLabel">${switcher}</div>
    </header>
    <main class="auth-page__main">
      <div class="auth-card">
        <h1 class="auth-card__title" data-text="login.title"></h1>
        <p class="auth-card__lead" data-text="login.lead"></p>
        <form class="form" novalidate>
          <div class="field">
            <label class="field__label" for="boot-login-email" data-text="form.email"></label>
            <div class="field__control"><input id="boot-login-email" name="email" class="input" type="email" autocomplete="username" inputmode="email" required spellcheck="false" autocapitalize="none"></div>
          </div>
          <div class="field">
            <label class="field__label" for="boot-login-password" data-text="form.password"></label>
            <div class="field__control"><input id="boot-login-password" name="password" class="input" type="password" autocomplete="current-password" required spellcheck="false" autocapitalize="none"><button type="button" class="field__reveal" aria-pressed="false" data-reveal data-label="form.showPassword">${EYE}</button></div>
          </div>
          <div class="auth-row">
            <div class="checkbox"><input id="boot-login-remember" name="remember" type="checkbox"><label for="boot-login-remember" data-text="login.remember"></label></div>
            <a href="/forgot-password" class="link auth-row__link" data-text="login.forgot"></a>
          </div>
          <button type="submit" class="btn btn--primary btn--block" data-text="login.submit"></button>
        </form>
      </div>
      <div class="auth-page__aside"><p><span data-text="login.noAccount"></span> <a href="/register/organization" class="link" data-text="login.registerLink"></a></p></div>
    </main>
  </div>
</div>`;

export function bootLoginShell(): Plugin {
  const client = fileURLToPath(new URL("./login-shell.client.js", import.meta.url));
  return {
    name: "menu:boot-login-shell",
    transformIndexHtml(html) {
      if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no <div id="root"></div>');
      const source = readFileSync(client, "utf8");
      const call = "})(__TEXTS__);";
      if (!source.includes(call)) throw new Error(`${client} must end with ${call}`);
      const script = source.replace(call, `})(${JSON.stringify(texts()).replace(/</g, "\\u003c")});`);
      return html.replace('<div id="root"></div>', `${MARKUP}\n    <script>${script}</script>\n    <div id="root"></div>`);
    },
  };
}
