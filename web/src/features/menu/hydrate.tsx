/**
 * The script of the pre-rendered guest pages (a separate Vite entry): hydrates the server markup
 * with the same components, without the SPA's router, so a guest downloads only the menu's code.
 */
import { createStore } from "jotai";
import { useState } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { getLoadedCatalog, loadCatalog } from "@/i18n/catalogs";
import { applyDocumentLanguage } from "@/i18n/document-language";
import { buildIntl } from "@/i18n/intl";
import { catalogLocaleFor, type Language } from "@/i18n/languages";
import "@/styles.css";
import { GuestApp } from "./guest-app";
import type { PublishedMenu } from "./model";
import { browserNav } from "./nav";
import { GuestRoot, type GuestBoot } from "./root";

function Island({ menu, boot }: { menu: PublishedMenu; boot: GuestBoot }) {
  const [language, setLanguage] = useState(menu.language as Language);
  const locale = catalogLocaleFor(language);
  const [store] = useState(createStore);
  const [nav] = useState(browserNav);
  const intl = buildIntl(locale, getLoadedCatalog(locale) ?? {});
  return (
    <GuestRoot intl={intl} store={store}>
      <GuestApp
        initialMenu={menu}
        nav={nav}
        renderedAt={boot.renderedAt}
        setInterfaceLanguage={async (lang) => {
          await loadCatalog(catalogLocaleFor(lang));
          applyDocumentLanguage(lang);
          setLanguage(lang);
        }}
      />
    </GuestRoot>
  );
}

async function start() {
  const container = document.getElementById("root");
  const bootScript = document.getElementById("guest-boot");
  if (!container || !bootScript) return;
  const boot = JSON.parse(bootScript.textContent ?? "{}") as GuestBoot;
  const [menu] = await Promise.all([
    fetch(boot.dataUrl).then((r) => (r.ok ? (r.json() as Promise<PublishedMenu>) : Promise.reject(new Error(`${boot.dataUrl}: ${r.status}`)))),
    loadCatalog(catalogLocaleFor(boot.language as Language)),
  ]);
  const app = <Island menu={menu} boot={boot} />;
  // The JSON was published after this page: render afresh instead of hydrating different markup.
  if (menu.version === boot.version) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

start().catch((error: unknown) => console.error("Error while mounting app", error));
