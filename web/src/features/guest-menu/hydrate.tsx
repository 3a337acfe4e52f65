/**
 * The script of the pre-rendered guest pages (a separate Vite entry): hydrates the server markup
 * with the same components, without the SPA's router, react-intl or the interface catalogs, so a
 * guest downloads only the menu's code and its language's guest catalog.
 * The page's inline starter (starter.ts) requests it when the guest first needs it.
 */
import { startTransition, useMemo, useState } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { applyDocumentLanguage } from "@/i18n/document-language";
import type { Language } from "@/i18n/languages";
import "@/styles.css";
import { GuestApp } from "./guest-app";
import { createGuestIntl, getGuestCatalog, loadGuestCatalog } from "./intl";
import { chunkNames } from "@menu/core/shared/published-menu";
import { chunkUrl, fetchChunk, type Loaded } from "./menu-data";
import type { PublishedIndex, PublishedItem } from "./model";
import { provideMoneyPatterns } from "./money";
import { browserNav } from "./nav";
import { GuestRoot, type GuestBoot } from "./root";
import { fetchIndexOnce } from "./starter";
import { isServedOffline } from "./sw-register";

function Island({ menu, loaded, boot, offline }: { menu: PublishedIndex; loaded: Loaded; boot: GuestBoot; offline: boolean }) {
  const [locale, setLanguage] = useState(menu.language as Language);
  const [nav] = useState(browserNav);
  const intl = useMemo(() => createGuestIntl(locale, getGuestCatalog(locale) ?? {}), [locale]);
  return (
    <GuestRoot intl={intl}>
      <GuestApp
        initialMenu={menu}
        initialLoaded={loaded}
        nav={nav}
        renderedAt={boot.renderedAt}
        servedOffline={offline}
        started
        setInterfaceLanguage={async (lang) => {
          await loadGuestCatalog(lang);
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
  const locale = boot.language as Language;
  if (boot.money) provideMoneyPatterns(locale, boot.money);
  const [response, chunks] = await Promise.all([
    // The early script has usually fetched it already (at idle after the first view, or when the guest acted).
    fetchIndexOnce(boot.dataUrl),
    // A chunk that cannot be had (offline and never seen) is fetched again when the guest comes near it.
    Promise.all(boot.chunkUrls.map((url) => fetchChunk(url).catch(() => undefined))),
    loadGuestCatalog(locale),
  ]);
  if (!response.ok) throw new Error(`${boot.dataUrl}: ${response.status}`);
  const menu = (await response.json()) as PublishedIndex;
  // Each category's first chunks that came, as the index names them now (a newer publish may have replaced one).
  const came = new Map(boot.chunkUrls.map((url, i) => [url, chunks[i]]));
  const loaded: Record<string, PublishedItem[]> = {};
  let used = 0;
  for (const c of menu.categories) {
    const parts: PublishedItem[][] = [];
    for (const name of chunkNames(c)) {
      const items = came.get(chunkUrl(menu.store.company_url_key, menu.store.url_key, menu.language, name));
      if (!items) break;
      parts.push(items);
    }
    if (!parts.length) continue;
    loaded[c.id] = parts.flat();
    used += parts.length;
  }
  // Hydration in a task of its own, after the one that parsed the JSON: no long task on a slow CPU.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const app = <Island menu={menu} loaded={loaded} boot={boot} offline={isServedOffline(response)} />;
  // Hydration as a transition: React yields to the browser between pieces of work, so a long menu
  // does not block taps and scrolling while it becomes interactive.
  // The index was published after this page and what the page shows changed (or a chunk is
  // missing): render afresh instead of hydrating different markup.
  const same = menu.pages?.[boot.page] === boot.version && used === boot.chunkUrls.length;
  startTransition(() => {
    if (same) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

start().catch((error: unknown) => console.error("Error while mounting app", error));
