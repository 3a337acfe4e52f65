import { useAtom } from "jotai";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties } from "react";
import { useIntl } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import { textDirection, type Language } from "@/i18n/languages";
import { scheduleAllows, zonedTime } from "@menu/core/menu/schedule";
import { track } from "./analytics";
import { CartPanel } from "./components/cart";
import { GuestHeader } from "./components/header";
import { ItemCard } from "./components/item-card";
import { ItemModal } from "./components/item-modal";
import { HiddenMenu, PromotionsPage, ReviewsPage } from "./components/pages";
import { StoreInfo } from "./components/store-info";
import {
  MENU_HEIGHTS,
  MENU_SECTIONS,
  itemsByCategory,
  menuJsonUrl,
  normalize,
  pagePath,
  parseLocation,
  plainText,
  rememberMenuLanguage,
  storeBasePath,
  type MenuSection,
  type PublishedCategory,
  type PublishedItem,
  type PublishedMenu,
} from "./model";
import type { GuestNav } from "./nav";
import { addToCart, cartAtom, menuTypeAtom } from "./state";
import { registerGuestServiceWorker } from "./sw-register";
import "./menu.css";

export type GuestAppProps = {
  initialMenu: PublishedMenu;
  nav: GuestNav;
  /** When the server rendered the page: the first render uses it, so hydration matches. */
  renderedAt?: string;
  /** Switches the interface texts (catalog) to a menu language. */
  setInterfaceLanguage: (lang: Language) => Promise<void>;
};

const noSubscription = () => () => {};
/** False on the server and while hydrating (so the markup matches), true from then on. */
const useMounted = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** The clock of the page: the server's time while hydrating, then the real one, ticking each 30 s. */
function useNow(mounted: boolean, renderedAt?: string) {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return mounted || !renderedAt ? new Date(tick) : new Date(renderedAt);
}

function subscribeOnline(listener: () => void) {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}
const useOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );

type Tree = { top: PublishedCategory; children: PublishedCategory[] }[];

function treeOf(categories: readonly PublishedCategory[], section: string, available: (c: PublishedCategory) => boolean): Tree {
  const tops = categories.filter((c) => c.section === section && !c.parent_id && available(c));
  return tops.map((top) => ({ top, children: categories.filter((c) => c.parent_id === top.id && available(c)) }));
}

/**
 * The guest pages of a store (menu, promotions, reviews) on top of a published menu. The same
 * component is server-rendered by the publish job, hydrated on the pre-rendered page, and rendered
 * by the SPA's routes.
 */
export function GuestApp({ initialMenu, nav, renderedAt, setInterfaceLanguage }: GuestAppProps) {
  const intl = useIntl();
  const [menu, setMenu] = useState(initialMenu);
  const [stale, setStale] = useState(false);
  const href = useSyncExternalStore(nav.subscribe, nav.getHref, nav.getHref);
  const mounted = useMounted();
  const online = useOnline();
  const location = parseLocation(href);
  const { page } = location;
  const itemId = mounted ? location.item : undefined;
  const now = useNow(mounted, renderedAt);
  const at = zonedTime(now, menu.store.time_zone);
  const { company_url_key: company, url_key: storeKey } = menu.store;
  const storePath = storeBasePath(new URL(href, "http://x").pathname);
  const [cart, setCart] = useAtom(cartAtom(storePath));
  const [menuType, setMenuType] = useAtom(menuTypeAtom);
  const [cartOpen, setCartOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [searching, setSearching] = useState(false);
  const openedModalHere = useRef(false);

  const byId = useMemo(() => new Map(menu.items.map((i) => [i.id, i])), [menu.items]);
  const byCategory = useMemo(() => itemsByCategory(menu.items), [menu.items]);
  const categoriesById = useMemo(() => new Map(menu.categories.map((c) => [c.id, c])), [menu.categories]);
  const available = useCallback(
    (c: PublishedCategory) => {
      if (menuType === "full") return true;
      const parent = c.parent_id ? categoriesById.get(c.parent_id) : undefined;
      return scheduleAllows(c.schedule, at) && scheduleAllows(parent?.schedule, at);
    },
    // `at` changes every tick; its minute is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [menuType, categoriesById, at.day, at.minutes],
  );
  const sections = MENU_SECTIONS.filter((s) => menu.categories.some((c) => c.section === s && !c.parent_id));
  const [section, setSection] = useState<MenuSection>(sections[0] ?? "kitchen");
  const tree = treeOf(menu.categories, section, available);
  const promotionCategories = menu.categories.filter((c) => c.section === "promotions" && !c.parent_id);

  // ?table= from the QR code: remembered with the cart, counted once.
  const table = mounted ? (location.table ?? (cart.table || undefined)) : undefined;
  useEffect(() => {
    if (location.table && location.table !== cart.table) setCart((c) => ({ ...c, table: location.table }));
  }, [location.table, cart.table, setCart]);

  useEffect(() => {
    registerGuestServiceWorker();
    track(menu.store.id, { type: "menu_view" });
    const first = parseLocation(nav.getHref());
    if (first.table) track(menu.store.id, { type: "qr_scan", table: first.table });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    document.title = menu.store.seo_title || menu.store.name;
  }, [menu.store.seo_title, menu.store.name]);

  // A newer publish reaches a guest who keeps the page open; a failed refresh marks the menu as possibly stale.
  useEffect(() => {
    let cancelled = false;
    const refresh = () => {
      if (document.visibilityState !== "visible") return;
      fetch(menuJsonUrl(company, storeKey, menu.language), { cache: "no-cache" })
        .then((r) => (r.ok ? (r.json() as Promise<PublishedMenu>) : Promise.reject(new Error(String(r.status)))))
        .then((fresh) => {
          if (cancelled) return;
          setStale(false);
          if (fresh.version !== menu.version && fresh.language === menu.language) setMenu(fresh);
        })
        .catch(() => !cancelled && setStale(true));
    };
    const timer = setInterval(refresh, 5 * 60_000);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      cancelled = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [company, storeKey, menu.language, menu.version]);

  const changeLanguage = async (lang: string) => {
    try {
      const res = await fetch(menuJsonUrl(company, storeKey, lang));
      if (!res.ok) throw new Error(String(res.status));
      const next = (await res.json()) as PublishedMenu;
      await setInterfaceLanguage(lang as Language);
      setMenu(next);
      rememberMenuLanguage(lang);
      track(menu.store.id, { type: "language", language: lang });
    } catch {
      setStale(true);
    }
  };

  const withParams = (path: string, params: Record<string, string | undefined>) => {
    const url = new URL(href, "http://x");
    const search = new URLSearchParams(url.search);
    for (const [k, v] of Object.entries(params)) {
      if (v === undefined) search.delete(k);
      else search.set(k, v);
    }
    const q = search.toString();
    return `${path}${q ? `?${q}` : ""}`;
  };
  const here = new URL(href, "http://x").pathname;
  const itemHref = (id: string) => withParams(here, { item: id });

  const openItem = (id: string) => {
    openedModalHere.current = true;
    nav.push(itemHref(id));
    track(menu.store.id, { type: "item_open", item_id: id });
  };
  const closeItem = () => {
    if (openedModalHere.current) {
      openedModalHere.current = false;
      history.back();
    } else nav.replace(withParams(here, { item: undefined }));
  };
  const add = (item: PublishedItem, portionId: string, quantity: number) => {
    setCart((c) =>
      addToCart(
        c,
        {
          id: item.id,
          selectedPortionId: portionId,
          title: item.title,
          portions: item.portions.map((p) => ({ id: p.id, price: p.price, currency: p.currency, weight: p.weight, unit: p.unit })),
        },
        quantity,
      ),
    );
    track(menu.store.id, { type: "cart_add", item_id: item.id });
  };
  const go = (to: string) => {
    nav.push(withParams(to, { item: undefined }));
    window.scrollTo({ top: 0 });
  };

  // The category bar follows scrolling: the category under the sticky bar is highlighted.
  const [activeCategory, setActiveCategory] = useState<string>();
  const chips = tree.flatMap(({ top, children }) => (children.length ? children : [top]));
  const chipsKey = chips.map((c) => c.id).join(",");
  const chipBar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (page.kind !== "menu" || searching) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.filter((e) => e.isIntersecting).sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top)[0];
        if (visible) setActiveCategory((visible.target as HTMLElement).dataset.categoryId);
      },
      { rootMargin: `-${MENU_HEIGHTS.header + MENU_HEIGHTS.sticky - 60}px 0px -60% 0px` },
    );
    document.querySelectorAll<HTMLElement>("[data-category-id]").forEach((el) => observer.observe(el));
    return () => observer.disconnect();
  }, [chipsKey, page.kind, searching]);
  useEffect(() => {
    const chip = chipBar.current?.querySelector<HTMLElement>(`[data-chip="${activeCategory}"]`);
    chip?.scrollIntoView({ block: "nearest", inline: "center", behavior: "smooth" });
  }, [activeCategory]);

  const results = useMemo(() => {
    const q = normalize(query);
    if (!q) return [];
    return menu.items.filter((i) => normalize(`${i.title} ${plainText(i.description)}`).includes(q));
  }, [query, menu.items]);

  const modalItem = itemId ? byId.get(itemId) : undefined;

  const style = {
    "--guest-header": `${MENU_HEIGHTS.header}px`,
    "--guest-sticky": `${MENU_HEIGHTS.sticky}px`,
    "--guest-sticky-collapsed": `${MENU_HEIGHTS.stickyCollapsed}px`,
  } as CSSProperties;

  const renderItems = (categoryId: string) =>
    (byCategory.get(categoryId) ?? []).map((item) => (
      <ItemCard key={item.id} item={item} href={itemHref(item.id)} onOpen={openItem} onQuickAdd={(it) => add(it, it.portions[0]!.id, 1)} />
    ));

  const scheduleNote = (c: PublishedCategory) =>
    c.schedule?.enabled ? <p className="menu-category__note">{intl.formatMessage({ id: "menu.availableFrom" }, { start: c.schedule.start, end: c.schedule.end })}</p> : null;

  return (
    <div className="guest" dir={textDirection(menu.language as Language)} lang={menu.language} style={style} data-testid="guest-menu" data-ready={mounted ? "" : undefined}>
      <GuestHeader menu={menu} table={table} onLanguage={(l) => void changeLanguage(l)} infoHref={`${pagePath(company, storeKey, { kind: "menu" })}#info`} />
      {mounted && (!online || stale) ? (
        <div className="offline-banner" role="status" data-testid="offline-banner">
          {intl.formatMessage({ id: "menu.offline" })}
        </div>
      ) : null}
      {menu.hidden ? (
        <main className="guest-main">
          <HiddenMenu menu={menu} />
        </main>
      ) : (
        <>
          <nav className="guest-sticky" aria-label={intl.formatMessage({ id: "menu.sectionsLabel" })}>
            <div className="guest-sticky__row">
              {searching ? (
                <div className="search-box">
                  <input
                    type="search"
                    autoFocus
                    value={query}
                    onChange={(e) => setQuery(e.target.value)}
                    placeholder={intl.formatMessage({ id: "menu.search.placeholder" })}
                    aria-label={intl.formatMessage({ id: "menu.search.placeholder" })}
                    data-testid="search-input"
                    enterKeyHint="search"
                  />
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={intl.formatMessage({ id: "menu.search.close" })}
                    onClick={() => {
                      setSearching(false);
                      setQuery("");
                    }}
                  >
                    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
                    </svg>
                  </button>
                </div>
              ) : (
                <>
                  <div className="tabs" role="list">
                    {page.kind === "menu"
                      ? sections.map((s) => (
                          <button
                            key={s}
                            type="button"
                            role="listitem"
                            className="tab"
                            aria-current={s === section ? "true" : undefined}
                            onClick={() => {
                              setSection(s);
                              window.scrollTo({ top: 0 });
                            }}
                          >
                            {intl.formatMessage({ id: `menu.section.${s}` as MessageId })}
                          </button>
                        ))
                      : [
                          <a
                            key="back"
                            role="listitem"
                            className="tab"
                            href={pagePath(company, storeKey, { kind: "menu" })}
                            onClick={(e) => {
                              e.preventDefault();
                              go(pagePath(company, storeKey, { kind: "menu" }));
                            }}
                          >
                            ← {intl.formatMessage({ id: "menu.back" })}
                          </a>,
                        ]}
                    {promotionCategories.length ? (
                      <a
                        role="listitem"
                        className="tab tab--link"
                        aria-current={page.kind === "promotions" ? "page" : undefined}
                        href={pagePath(company, storeKey, { kind: "promotions", position: promotionCategories[0]!.position })}
                        onClick={(e) => {
                          e.preventDefault();
                          go(pagePath(company, storeKey, { kind: "promotions", position: promotionCategories[0]!.position }));
                        }}
                      >
                        {intl.formatMessage({ id: "menu.promotions" })}
                      </a>
                    ) : null}
                    <a
                      role="listitem"
                      className="tab tab--link"
                      aria-current={page.kind === "reviews" ? "page" : undefined}
                      href={pagePath(company, storeKey, { kind: "reviews" })}
                      onClick={(e) => {
                        e.preventDefault();
                        go(pagePath(company, storeKey, { kind: "reviews" }));
                      }}
                    >
                      {intl.formatMessage({ id: "menu.reviews" })}
                    </a>
                  </div>
                  {page.kind === "menu" ? (
                    <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: "menu.search.open" })} data-testid="search-open" onClick={() => setSearching(true)}>
                      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                        <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
                        <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
                      </svg>
                    </button>
                  ) : null}
                </>
              )}
            </div>
            <div className="guest-sticky__row guest-sticky__row--chips" ref={chipBar} aria-label={intl.formatMessage({ id: "menu.categoriesLabel" })}>
              {page.kind === "menu" && !searching
                ? chips.map((c) => (
                    <a
                      key={c.id}
                      className="chip"
                      data-chip={c.id}
                      aria-current={activeCategory === c.id ? "true" : undefined}
                      href={`#cat-${c.id}`}
                      onClick={(e) => {
                        e.preventDefault();
                        document.getElementById(`cat-${c.id}`)?.scrollIntoView({ behavior: "smooth", block: "start" });
                        setActiveCategory(c.id);
                      }}
                    >
                      {c.name}
                    </a>
                  ))
                : null}
              {page.kind === "promotions"
                ? promotionCategories.map((c) => (
                    <a
                      key={c.id}
                      className="chip"
                      aria-current={page.position === c.position ? "page" : undefined}
                      href={pagePath(company, storeKey, { kind: "promotions", position: c.position })}
                      onClick={(e) => {
                        e.preventDefault();
                        go(pagePath(company, storeKey, { kind: "promotions", position: c.position }));
                      }}
                    >
                      {c.name}
                    </a>
                  ))
                : null}
              {searching ? (
                <span className="search-count" aria-live="polite" data-testid="search-count">
                  {query.trim() ? intl.formatMessage({ id: "menu.search.results" }, { count: results.length }) : ""}
                </span>
              ) : null}
            </div>
          </nav>
          <main className="guest-main">
            {page.kind === "menu" && searching ? (
              <div className="item-list" data-testid="search-results">
                {results.map((item) => (
                  <ItemCard key={item.id} item={item} href={itemHref(item.id)} onOpen={openItem} onQuickAdd={(it) => add(it, it.portions[0]!.id, 1)} />
                ))}
              </div>
            ) : null}
            {page.kind === "menu" && !searching ? (
              <>
                {promotionCategories.length ? (
                  <ul className="promo-strip">
                    {promotionCategories.map((c) => {
                      const first = menu.promotions.find((p) => p.category_id === c.id);
                      return (
                        <li key={c.id}>
                          <a
                            href={pagePath(company, storeKey, { kind: "promotions", position: c.position })}
                            onClick={(e) => {
                              e.preventDefault();
                              go(pagePath(company, storeKey, { kind: "promotions", position: c.position }));
                            }}
                          >
                            {first?.banner ? <img src={`/${first.banner}`} alt="" width={320} height={160} decoding="async" /> : null}
                            <span>{c.name}</span>
                          </a>
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
                <div className="menu-type" role="group" aria-label={intl.formatMessage({ id: "menu.typeLabel" })}>
                  {(["actual", "full"] as const).map((t) => (
                    <button key={t} type="button" aria-pressed={menuType === t} data-testid={`menu-type-${t}`} onClick={() => setMenuType(t)}>
                      {intl.formatMessage({ id: `menu.type.${t}` })}
                    </button>
                  ))}
                </div>
                {tree.length ? (
                  tree.map(({ top, children }) => (
                    <section key={top.id} className="menu-category" id={`cat-${top.id}`} data-category-id={children.length ? undefined : top.id}>
                      <h2 className="menu-category__title">{top.name}</h2>
                      {scheduleNote(top)}
                      <div className="item-list">{renderItems(top.id)}</div>
                      {children.map((child) => (
                        <section key={child.id} className="menu-subcategory" id={`cat-${child.id}`} data-category-id={child.id}>
                          <h3 className="menu-subcategory__title">{child.name}</h3>
                          {scheduleNote(child)}
                          <div className="item-list">{renderItems(child.id)}</div>
                        </section>
                      ))}
                    </section>
                  ))
                ) : (
                  <p className="empty-state">{intl.formatMessage({ id: menuType === "actual" ? "menu.empty.actual" : "menu.empty.section" })}</p>
                )}
                <StoreInfo menu={menu} at={at} />
              </>
            ) : null}
            {page.kind === "promotions" ? (
              <PromotionsPage menu={menu} category={promotionCategories.find((c) => c.position === page.position)} />
            ) : null}
            {page.kind === "reviews" ? <ReviewsPage menu={menu} /> : null}
          </main>
          <CartPanel
            cart={cart}
            items={byId}
            table={table}
            open={cartOpen}
            onOpen={() => setCartOpen(true)}
            onClose={() => setCartOpen(false)}
            onChange={(update) => setCart(update)}
          />
          {modalItem ? <ItemModal key={modalItem.id} item={modalItem} onClose={closeItem} onAdd={add} /> : null}
        </>
      )}
    </div>
  );
}
