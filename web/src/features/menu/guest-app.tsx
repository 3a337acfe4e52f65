import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties, type KeyboardEvent, type ReactNode } from "react";
import { textDirection, type Language } from "@/i18n/languages";
import { scheduleAllows, zonedTime } from "@menu/core/menu/schedule";
import { track, trackSearch } from "./analytics";
import { CartPanel } from "./components/cart";
import { GuestHeader } from "./components/header";
import { ItemCard } from "./components/item-card";
import { ItemModal } from "./components/item-modal";
import { HiddenMenu, PromotionsPage, ReviewsPage } from "./components/pages";
import { FilterSheet } from "./components/marks";
import { StoreInfo } from "./components/store-info";
import { Foreign } from "./components/text-lang";
import { useIntl, type GuestMessageId } from "./intl";
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
import { passesFilter } from "@menu/core/item/marks";
import { filterSize, NO_FILTER, setMarkFilter, useMarkFilter } from "./filter";
import { useProgressiveCategories } from "./progressive";
import { addToCart, useCart, type MenuType } from "./state";
import { isServedOffline, recacheGuestPages, registerGuestServiceWorker } from "./sw-register";
import "./menu.css";

export type GuestAppProps = {
  initialMenu: PublishedMenu;
  nav: GuestNav;
  /** When the server rendered the page: the first render uses it, so hydration matches. */
  renderedAt?: string;
  /** The menu came from the service worker's copy because the network failed (the offline banner). */
  servedOffline?: boolean;
  /** Switches the interface texts (catalog) to a menu language. */
  setInterfaceLanguage: (lang: Language) => Promise<void>;
};

const noSubscription = () => () => {};
const NO_MARKS: PublishedMenu["marks"] = {};
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

const reducedMotion = () => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Where a category stops when its chip is chosen: just below the sticky bar (the sections' scroll-margin-top). */
const STICKY_BOTTOM = MENU_HEIGHTS.stickyCollapsed;

/**
 * The guest pages of a store (menu, promotions, reviews) on top of a published menu. The same
 * component is server-rendered by the publish job, hydrated on the pre-rendered page, and rendered
 * by the SPA's routes.
 */
export function GuestApp({ initialMenu, nav, renderedAt, servedOffline = false, setInterfaceLanguage }: GuestAppProps) {
  const intl = useIntl();
  const [menu, setMenu] = useState(initialMenu);
  const [stale, setStale] = useState(servedOffline);
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
  const [cart, setCart] = useCart(storePath);
  const [menuType, setMenuType] = useState<MenuType>("actual");
  const [cartOpen, setCartOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [searching, setSearching] = useState(false);
  const openedModalHere = useRef(false);
  const rtl = textDirection(menu.language as Language) === "rtl";

  const byId = useMemo(() => new Map(menu.items.map((i) => [i.id, i])), [menu.items]);
  // The visitor's allergen and tag filter (remembered across visits and venues) narrows the lists.
  const filter = useMarkFilter();
  const [filterOpen, setFilterOpen] = useState(false);
  const filterButton = useRef<HTMLButtonElement>(null);
  const filtering = filterSize(filter) > 0;
  const shownItems = useMemo(() => (filtering ? menu.items.filter((i) => passesFilter(i, filter)) : menu.items), [filtering, filter, menu.items]);
  const byCategory = useMemo(() => itemsByCategory(shownItems), [shownItems]);
  const isSoldOut = (item: PublishedItem) => !!item.sold_out_until && new Date(item.sold_out_until) > now;
  // Menus published before marks existed have no table.
  const marks = menu.marks ?? NO_MARKS;
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
  /** With a filter on, a category none of whose items (or its subcategories' items) pass is left out. */
  const shown = useCallback(
    (c: PublishedCategory) => available(c) && (!filtering || byCategory.has(c.id) || menu.categories.some((child) => child.parent_id === c.id && byCategory.has(child.id))),
    [available, filtering, byCategory, menu.categories],
  );
  const sections = MENU_SECTIONS.filter((s) => menu.categories.some((c) => c.section === s && !c.parent_id));
  // The chosen section lives in the address (`?section=`); the server-rendered page shows the first one.
  const wanted = mounted ? location.section : undefined;
  const section: MenuSection = wanted && sections.includes(wanted) ? wanted : (sections[0] ?? "kitchen");
  const tree = treeOf(menu.categories, section, shown);
  const progressive = useProgressiveCategories(
    tree.map(({ top, children }) => [top, ...children].reduce((n, c) => n + (byCategory.get(c.id)?.length ?? 0), 0)),
    mounted,
  );
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

  // A newer publish reaches a guest who keeps the page open; a failed refresh (or the worker's
  // offline copy) marks the menu as possibly stale.
  useEffect(() => {
    let cancelled = false;
    const refresh = () => {
      if (document.visibilityState !== "visible") return;
      fetch(menuJsonUrl(company, storeKey, menu.language), { cache: "no-cache" })
        .then((r) => {
          if (!r.ok) throw new Error(String(r.status));
          if (isServedOffline(r)) throw new Error("offline copy");
          return r.json() as Promise<PublishedMenu>;
        })
        .then((fresh) => {
          if (cancelled) return;
          setStale(false);
          if (fresh.version !== menu.version && fresh.language === menu.language) setMenu(fresh);
        })
        .catch(() => !cancelled && setStale(true));
    };
    const timer = setInterval(refresh, 5 * 60_000);
    document.addEventListener("visibilitychange", refresh);
    window.addEventListener("online", refresh);
    return () => {
      cancelled = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
      window.removeEventListener("online", refresh);
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
      // The pages kept for offline use are of the old language: keep them anew.
      recacheGuestPages();
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

  // The handlers given to the (memoised) cards stay the same between renders.
  const latest = useRef({ itemHref, add: (_item: PublishedItem, _portion: string, _quantity: number) => {}, menuStoreId: menu.store.id });
  /** The card link that opened the item window: focus returns to it when the window closes. */
  const opener = useRef<{ id: string; element: HTMLElement | null } | undefined>(undefined);
  const openItem = useCallback(
    (id: string) => {
      openedModalHere.current = true;
      opener.current = { id, element: document.activeElement instanceof HTMLElement ? document.activeElement : null };
      nav.push(latest.current.itemHref(id));
      track(latest.current.menuStoreId, { type: "item_open", item_id: id });
    },
    [nav],
  );
  const closeItem = () => {
    if (openedModalHere.current) {
      openedModalHere.current = false;
      history.back();
    } else nav.replace(withParams(here, { item: undefined }));
  };
  const add = (item: PublishedItem, portionId: string, quantity: number) => {
    if (isSoldOut(item)) return;
    setCart((c) =>
      addToCart(
        c,
        {
          id: item.id,
          selectedPortionId: portionId,
          title: item.title,
          title_lang: item.title_lang ?? menu.language,
          portions: item.portions.map((p) => ({ id: p.id, price: p.price, currency: p.currency, weight: p.weight, unit: p.unit })),
        },
        quantity,
      ),
    );
    track(menu.store.id, { type: "cart_add", item_id: item.id });
  };
  useEffect(() => {
    latest.current = { itemHref, add, menuStoreId: menu.store.id };
  });
  const quickAdd = useCallback((item: PublishedItem) => latest.current.add(item, item.portions[0]!.id, 1), []);
  const go = (to: string) => {
    nav.push(withParams(to, { item: undefined, section: undefined }));
    window.scrollTo({ top: 0 });
  };

  const modalItem = itemId ? byId.get(itemId) : undefined;

  // Closing the item window (Escape, its button, the browser's back) returns focus to the card that opened it.
  const modalOpen = Boolean(modalItem);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (modalOpen) {
      wasOpen.current = true;
      if (!opener.current && itemId) opener.current = { id: itemId, element: null };
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const from = opener.current;
    opener.current = undefined;
    if (!from) return;
    const target =
      from.element?.isConnected && from.element.closest(`[data-item-id="${CSS.escape(from.id)}"]`)
        ? from.element
        : document.querySelector<HTMLElement>(`main [data-item-id="${CSS.escape(from.id)}"] .item-card__link`);
    target?.focus({ preventScroll: true });
  }, [modalOpen, itemId]);

  // ---- Section tabs: the chosen one in the address; arrow keys move between them (WAI-ARIA tabs).
  const tabRefs = useRef(new Map<MenuSection, HTMLButtonElement>());
  const chooseSection = (s: MenuSection, focus = false) => {
    nav.replace(withParams(here, { section: s === sections[0] ? undefined : s, item: undefined }));
    if (focus) tabRefs.current.get(s)?.focus();
    window.scrollTo({ top: 0 });
  };
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = sections.indexOf(section);
    const next = rtl ? "ArrowLeft" : "ArrowRight";
    const previous = rtl ? "ArrowRight" : "ArrowLeft";
    let to: number | undefined;
    if (event.key === next) to = (index + 1) % sections.length;
    else if (event.key === previous) to = (index - 1 + sections.length) % sections.length;
    else if (event.key === "Home") to = 0;
    else if (event.key === "End") to = sections.length - 1;
    if (to === undefined) return;
    event.preventDefault();
    chooseSection(sections[to]!, true);
  };

  // ---- The category bar: it follows scrolling (the last category whose top passed the sticky bar),
  // and a chip scrolls its category to just below the bar. While that scroll runs, scrolling does not
  // move the highlight, and the bar itself is scrolled sideways only (never the page), so nothing
  // interrupts the page's scroll.
  const [activeCategory, setActiveCategory] = useState<string>();
  const chips = tree.flatMap(({ top, children }) => (children.length ? children : [top]));
  const chipsKey = chips.map((c) => c.id).join(",");
  const chipBar = useRef<HTMLDivElement>(null);
  const jumping = useRef<{ id: string; timer: number } | undefined>(undefined);
  useEffect(() => {
    if (page.kind !== "menu" || searching) return;
    let frame = 0;
    const follow = () => {
      frame = 0;
      if (jumping.current) return;
      let current: string | undefined;
      for (const el of document.querySelectorAll<HTMLElement>("[data-category-id]")) {
        if (el.getBoundingClientRect().top <= STICKY_BOTTOM + 24) current = el.dataset.categoryId;
        else break;
      }
      setActiveCategory(current ?? document.querySelector<HTMLElement>("[data-category-id]")?.dataset.categoryId);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(follow);
    };
    follow();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [chipsKey, page.kind, searching, section]);
  useEffect(() => {
    const bar = chipBar.current;
    const chip = bar?.querySelector<HTMLElement>(`[data-chip="${activeCategory}"]`);
    if (!bar || !chip) return;
    const barBox = bar.getBoundingClientRect();
    const chipBox = chip.getBoundingClientRect();
    const delta = chipBox.left + chipBox.width / 2 - (barBox.left + barBox.width / 2);
    if (Math.abs(delta) > 1) bar.scrollTo({ left: bar.scrollLeft + delta, behavior: reducedMotion() ? "auto" : "smooth" });
  }, [activeCategory]);
  useEffect(() => () => window.clearTimeout(jumping.current?.timer), []);

  const goToCategory = (id: string) => {
    const target = document.getElementById(`cat-${id}`);
    if (!target) return;
    setActiveCategory(id);
    const done = (event?: Event) => {
      window.removeEventListener("scrollend", done);
      window.removeEventListener("wheel", done);
      window.removeEventListener("touchstart", done);
      if (!jumping.current || jumping.current.id !== id) return;
      window.clearTimeout(jumping.current.timer);
      jumping.current = undefined;
      if (event?.type === "wheel" || event?.type === "touchstart") return; // the guest took over
      // Sections laid out on the way (content-visibility) can move the target: align it again, at
      // once, until it stays (a few frames at most).
      let tries = 3;
      const align = () => {
        const margin = parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
        if (jumping.current || Math.abs(target.getBoundingClientRect().top - margin) <= 1 || tries-- <= 0) return;
        const before = window.scrollY;
        target.scrollIntoView({ behavior: "auto", block: "start" });
        if (window.scrollY !== before) requestAnimationFrame(align);
      };
      align();
    };
    if (jumping.current) window.clearTimeout(jumping.current.timer);
    // `scrollend` ends the jump; a guest's own scrolling takes over at once; a timer guards both.
    jumping.current = { id, timer: window.setTimeout(done, 1500) };
    window.addEventListener("scrollend", done);
    window.addEventListener("wheel", done, { passive: true });
    window.addEventListener("touchstart", done, { passive: true });
    target.scrollIntoView({ behavior: reducedMotion() ? "auto" : "smooth", block: "start" });
    // Keyboard (and screen reader) users continue inside the category.
    target.querySelector<HTMLElement>(":scope > h2, :scope > h3")?.focus({ preventScroll: true });
  };

  const results = useMemo(() => {
    const q = normalize(query);
    if (!q) return [];
    return shownItems.filter((i) => normalize(`${i.title} ${plainText(i.description)}`).includes(q));
  }, [query, shownItems]);
  useEffect(() => trackSearch(menu.store.id, query, results.length), [menu.store.id, query, results.length]);

  const style = {
    "--guest-header": `${MENU_HEIGHTS.header}px`,
    "--guest-sticky": `${MENU_HEIGHTS.sticky}px`,
    "--guest-sticky-collapsed": `${MENU_HEIGHTS.stickyCollapsed}px`,
  } as CSSProperties;

  const card = (item: PublishedItem) => (
    <ItemCard key={item.id} item={item} href={itemHref(item.id)} onOpen={openItem} onQuickAdd={quickAdd} marks={marks} soldOut={isSoldOut(item)} />
  );
  const renderItems = (categoryId: string) =>
    (byCategory.get(categoryId) ?? []).map((item) => card(item));

  const scheduleNote = (c: PublishedCategory) =>
    c.schedule?.enabled ? <p className="menu-category__note">{intl.formatMessage({ id: "menu.availableFrom" }, { start: c.schedule.start, end: c.schedule.end })}</p> : null;

  const menuPath = pagePath(company, storeKey, { kind: "menu" });
  const link = (to: string, label: ReactNode, current?: boolean) => (
    <a
      className="tab tab--link"
      aria-current={current ? "page" : undefined}
      href={to}
      onClick={(e) => {
        e.preventDefault();
        go(to);
      }}
    >
      {label}
    </a>
  );

  return (
    <div className="guest" dir={textDirection(menu.language as Language)} lang={menu.language} style={style} data-testid="guest-menu" data-ready={mounted && progressive.complete ? "" : undefined}>
      {menu.hidden ? null : (
        <a
          className="skip-link"
          href="#cart"
          data-testid="skip-to-cart"
          onClick={(e) => {
            e.preventDefault();
            const button = document.getElementById("cart");
            if (button) button.focus();
            else setCartOpen(true);
          }}
        >
          {intl.formatMessage({ id: "guest.skipToCart" })}
        </a>
      )}
      <GuestHeader menu={menu} table={table} onLanguage={(l) => void changeLanguage(l)} infoHref={`${menuPath}#info`} />
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
                  <div className="tabs">
                    {page.kind === "menu" ? (
                      <div className="tabs__list" role="tablist" aria-label={intl.formatMessage({ id: "menu.sectionsLabel" })} data-testid="section-tabs">
                        {sections.map((s) => (
                          <button
                            key={s}
                            ref={(el) => {
                              if (el) tabRefs.current.set(s, el);
                              else tabRefs.current.delete(s);
                            }}
                            type="button"
                            role="tab"
                            id={`section-tab-${s}`}
                            className="tab"
                            aria-selected={s === section}
                            aria-controls="guest-section"
                            tabIndex={s === section ? 0 : -1}
                            data-section={s}
                            onKeyDown={onTabKey}
                            onClick={() => chooseSection(s)}
                          >
                            {intl.formatMessage({ id: `menu.section.${s}` as GuestMessageId })}
                          </button>
                        ))}
                      </div>
                    ) : (
                      link(
                        menuPath,
                        <>
                          <span aria-hidden="true">{rtl ? "→" : "←"}</span> {intl.formatMessage({ id: "menu.back" })}
                        </>,
                      )
                    )}
                    {promotionCategories.length
                      ? link(pagePath(company, storeKey, { kind: "promotions", position: promotionCategories[0]!.position }), intl.formatMessage({ id: "menu.promotions" }), page.kind === "promotions")
                      : null}
                    {link(pagePath(company, storeKey, { kind: "reviews" }), intl.formatMessage({ id: "menu.reviews" }), page.kind === "reviews")}
                  </div>
                  {page.kind === "menu" ? (
                    <button type="button" ref={filterButton} className="filter-button" aria-pressed={filtering} aria-haspopup="dialog" data-testid="filter-open" onClick={() => setFilterOpen(true)}>
                      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                        <path d="M4 6h16M7 12h10M10 18h4" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
                      </svg>
                      {/* On a narrow phone only the icon and the count show; the words stay the button's name. */}
                      <span className="filter-button__text">
                        {filtering ? intl.formatMessage({ id: "menu.filter.active" }, { n: filterSize(filter) }) : intl.formatMessage({ id: "menu.filter.open" })}
                      </span>
                      {filtering ? (
                        <span className="filter-button__count" aria-hidden="true">
                          {filterSize(filter)}
                        </span>
                      ) : null}
                    </button>
                  ) : null}
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
            <div className="guest-sticky__row guest-sticky__row--chips" ref={chipBar} role="group" aria-label={intl.formatMessage({ id: "menu.categoriesLabel" })} data-testid="category-bar">
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
                        goToCategory(c.id);
                      }}
                    >
                      <Foreign lang={c.name_lang}>{c.name}</Foreign>
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
                      <Foreign lang={c.name_lang}>{c.name}</Foreign>
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
                {results.map(card)}
              </div>
            ) : null}
            {page.kind === "menu" && !searching ? (
              <div role="tabpanel" id="guest-section" aria-labelledby={`section-tab-${section}`} data-testid="section-panel">
                {promotionCategories.length ? (
                  <ul className="promo-strip">
                    {promotionCategories.map((c, index) => {
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
                            {first?.banner ? (
                              <img
                                src={`/${first.banner}`}
                                alt=""
                                width={320}
                                height={160}
                                decoding="async"
                                {...(index === 0 ? { fetchPriority: "high" as const } : { loading: "lazy" as const })}
                              />
                            ) : null}
                            <span>
                              <Foreign lang={c.name_lang}>{c.name}</Foreign>
                            </span>
                          </a>
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
                {filtering && menu.items.length > shownItems.length ? (
                  <p className="filter-note" role="status" data-testid="filter-note">
                    {intl.formatMessage({ id: "menu.filter.hidden" }, { n: menu.items.length - shownItems.length })}
                    <button type="button" onClick={() => setMarkFilter(NO_FILTER)}>
                      {intl.formatMessage({ id: "menu.filter.reset" })}
                    </button>
                  </p>
                ) : null}
                <div className="menu-type" role="group" aria-label={intl.formatMessage({ id: "menu.typeLabel" })}>
                  {(["actual", "full"] as const).map((t) => (
                    <button key={t} type="button" aria-pressed={menuType === t} data-testid={`menu-type-${t}`} onClick={() => setMenuType(t)}>
                      {intl.formatMessage({ id: `menu.type.${t}` })}
                    </button>
                  ))}
                </div>
                {tree.length ? (
                  tree.slice(0, progressive.shown).map(({ top, children }) => (
                    <section key={top.id} className="menu-category" id={`cat-${top.id}`} data-category-id={children.length ? undefined : top.id}>
                      <h2 className="menu-category__title" tabIndex={-1}>
                        <Foreign lang={top.name_lang}>{top.name}</Foreign>
                      </h2>
                      {scheduleNote(top)}
                      <div className="item-list">{renderItems(top.id)}</div>
                      {children.map((child) => (
                        <section key={child.id} className="menu-subcategory" id={`cat-${child.id}`} data-category-id={child.id}>
                          <h3 className="menu-subcategory__title" tabIndex={-1}>
                            <Foreign lang={child.name_lang}>{child.name}</Foreign>
                          </h3>
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
              </div>
            ) : null}
            {page.kind === "promotions" ? (
              <PromotionsPage menu={menu} category={promotionCategories.find((c) => c.position === page.position)} />
            ) : null}
            {page.kind === "reviews" ? <ReviewsPage menu={menu} /> : null}
          </main>
          <CartPanel
            cart={cart}
            items={byId}
            language={menu.language}
            table={table}
            company={company}
            storeKey={storeKey}
            open={cartOpen}
            onOpen={() => setCartOpen(true)}
            onClose={() => setCartOpen(false)}
            onChange={(update) => setCart(update)}
          />
          {modalItem ? <ItemModal key={modalItem.id} item={modalItem} marks={marks} soldOut={isSoldOut(modalItem)} onClose={closeItem} onAdd={add} /> : null}
          {filterOpen ? <FilterSheet
              marks={marks}
              filter={filter}
              onChange={setMarkFilter}
              onClose={() => {
                setFilterOpen(false);
                filterButton.current?.focus();
              }}
            /> : null}
        </>
      )}
    </div>
  );
}
