import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties } from "react";
import { textDirection, type Language } from "@/i18n/languages";
import { zonedTime } from "@menu/core/shared/schedule";
import { useMounted, useNow, useOnline } from "./browser-state";
import { useCategoryBar } from "./category-bar";
import { CartPanel, SkipToCart } from "./components/cart";
import { ChipBar } from "./components/chip-bar";
import { FilterButton, FilterNote } from "./components/filter-controls";
import { GuestHeader } from "./components/header";
import { GuestItemCard } from "./components/guest-item-card";
import { ItemModal } from "./components/item-modal";
import { SearchBox, SearchButton, SearchLoading } from "./components/search-box";
import { SearchSuggestions } from "./components/search-suggestions";
import { FilterSheet } from "./components/marks";
import { MenuCategories, MenuTypeSwitch } from "./components/menu-categories";
import { PageTabs } from "./components/page-tabs";
import { HiddenMenu, PromotionsPage, ReviewsPage } from "./components/pages";
import { PromoStrip } from "./components/promo-strip";
import { StoreInfo } from "./components/store-info";
import { setMarkFilter } from "./filter";
import { useFocusReturn } from "./focus-return";
import { paramsOf, withParams } from "./guest-href";
import { useIntl } from "./intl";
import { useItemSearch } from "./item-search";
import { useItemWindow } from "./item-window";
import { useMenuUpdates } from "./menu-updates";
import { useChunks, type Loaded } from "./menu-data";
import {
  MENU_HEIGHTS,
  MENU_SECTIONS,
  pagePath,
  parseLocation,
  reviewsOrgOf,
  storeBasePath,
  type MenuSection,
  type PageLinks,
  type PublishedCategory,
  type PublishedIndex,
  type PublishedItem,
} from "./model";
import type { GuestNav } from "./nav";
import { useSectionTabs } from "./section-tabs";
import { useCart, type MenuType } from "./state";
import { useVisibleMenu, type BriefItem } from "./visible-menu";
import { callsInPlan, useAddToCart, usePageEffects, useTablePass } from "./app-hooks";
import "./menu.css";
// After menu.css: its rules (the item window's photo over `.photo`) win as they did inside it.
import "./components/item-window.css";

export type GuestAppProps = {
  /** The index of the menu in the page's language. */
  initialMenu: PublishedIndex;
  /** The chunks that came with it (the pre-rendered page's first view), by category id. */
  initialLoaded?: Loaded;
  nav: GuestNav;
  /** When the server rendered the page: the first render uses it, so hydration matches. */
  renderedAt?: string;
  /** The menu came from the service worker's copy because the network failed (the offline banner). */
  servedOffline?: boolean;
  /**
   * Started by the pre-rendered page's starter (starter.ts): it counted the view and the QR scan,
   * and waits for the app to be interactive to hand it the taps it held.
   */
  started?: boolean;
  /** Switches the interface texts (catalog) to a menu language. */
  setInterfaceLanguage: (lang: Language) => Promise<void>;
};

/**
 * The guest pages of a store (menu, promotions, reviews) on top of a published menu. The same
 * component is server-rendered by the publish job, hydrated on the pre-rendered page, and rendered
 * by the SPA's routes.
 */
const NOTHING_LOADED: Loaded = {};
// Only a guest with a table pass downloads the call buttons.
const TableCalls = lazy(() => import("./calls/table-calls"));
const NO_BRIEF: BriefItem[] = [];

export function GuestApp({ initialMenu, initialLoaded = NOTHING_LOADED, nav, renderedAt, servedOffline = false, started = false, setInterfaceLanguage }: GuestAppProps) {
  const intl = useIntl();
  const [{ menu, seed }, setData] = useState({ menu: initialMenu, seed: initialLoaded });
  const setMenu = useCallback((next: PublishedIndex, loaded: Loaded = NOTHING_LOADED) => setData({ menu: next, seed: loaded }), []);
  const { loaded, complete: loadedToEnd, byId, request, requestAhead } = useChunks(menu, seed);
  const [stale, setStale] = useState(servedOffline);
  const href = useSyncExternalStore(nav.subscribe, nav.getHref, nav.getHref);
  const mounted = useMounted();
  const online = useOnline();
  const location = parseLocation(href);
  const { page } = location;
  const itemId = mounted ? location.item : undefined;
  const now = useNow(mounted, renderedAt);
  const at = zonedTime(now, menu.store.time_zone, menu.store.time_zone_offsets);
  const { company_url_key: company, url_key: storeKey } = menu.store;
  const storePath = storeBasePath(new URL(href, "http://x").pathname);
  const [cart, setCart] = useCart(storePath);
  const [menuType, setMenuType] = useState<MenuType>("actual");
  const [cartOpen, setCartOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [searching, setSearching] = useState(false);
  const [filterOpen, setFilterOpen] = useState(false);
  const filterButton = useRef<HTMLButtonElement>(null);
  const searchButton = useRef<HTMLButtonElement>(null);
  // Closing the filter sheet or the search gives focus back to the button that opened it, once
  // the sheet is gone (while a modal sheet is open the rest of the page cannot take focus) or the
  // button is back in place of the search field.
  useFocusReturn(filterOpen, filterButton);
  useFocusReturn(searching, searchButton);
  const rtl = textDirection(menu.language as Language) === "rtl";
  const { briefById, briefByCategory, filter, filtering, counts, byCategory, isSoldOut, marks, sections, section, tree, promotionCategories, hidden, shownItems, shown } = useVisibleMenu({
    menu,
    loaded,
    byId,
    menuType,
    now,
    at,
    mounted,
    addressSection: location.section,
  });


  const { pass, table } = useTablePass({ mounted, menu, now, location, cart, setCart });
  usePageEffects({ menu, nav, started, mounted, intl });
  const changeLanguage = useMenuUpdates({ menu, company, storeKey, setMenu, setStale, setInterfaceLanguage });

  const here = new URL(href, "http://x").pathname;
  const hereWith = paramsOf(href, here);
  const itemHref = (id: string) => hereWith({ item: id });
  const add = useAddToCart(menu, isSoldOut, setCart);
  const { openItem, closeItem, quickAdd, modalItem } = useItemWindow({ nav, href, here, itemId, byId, itemHref, add, storeId: menu.store.id });
  // An item in the address (or in the cart, once it is open) whose chunk is not there yet: fetched.
  useEffect(() => {
    const wanted = [...(itemId && !byId.has(itemId) ? [itemId] : []), ...(cartOpen ? cart.lines.map((l) => l.id).filter((id) => !byId.has(id)) : [])];
    if (wanted.length) request(wanted);
  }, [itemId, cartOpen, cart.lines, byId, request]);
  const go = (to: string) => {
    nav.push(withParams(href, to, { item: undefined, section: undefined }));
    window.scrollTo({ top: 0 });
  };

  const { tabRefs, chooseSection, onTabKey } = useSectionTabs({ nav, href, here, sections, section, rtl });
  // Ready (data-ready) once hydrated and, where the categories are listed, all of them are there.
  const [complete, setComplete] = useState(false);
  const onComplete = useCallback(() => setComplete(true), []);
  /** A chip's category below the list's end: the list renders down to it. */
  const [goal, setGoal] = useState<string>();
  const { activeCategory, chips, chipBar, goToCategory } = useCategoryBar(tree, page, searching, section, setGoal);
  const menuCategories = useMemo(() => menu.categories.filter((c) => (MENU_SECTIONS as readonly string[]).includes(c.section)), [menu.categories]);
  const { results, suggestions, loading: searchLoading } = useItemSearch(query, shownItems, byId, menuCategories, shown, menu.store.id, request);
  /** A suggested category: the search closes on its section, scrolled to it. */
  const openSuggested = (category: PublishedCategory) => {
    const top = (category.parent_id && menuCategories.find((c) => c.id === category.parent_id)) || category;
    setSearching(false);
    setQuery("");
    if (top.section !== section) chooseSection(top.section as MenuSection);
    goToCategory(category.id);
  };
  const listsCategories = !menu.hidden && page.kind === "menu" && !searching;

  const style = {
    "--guest-header": `${MENU_HEIGHTS.header}px`,
    "--guest-sticky": `${MENU_HEIGHTS.sticky}px`,
    "--guest-sticky-collapsed": `${MENU_HEIGHTS.stickyCollapsed}px`,
  } as CSSProperties;

  const card = (item: PublishedItem) => (
    <GuestItemCard key={item.id} item={item} href={itemHref(item.id)} onOpen={openItem} onQuickAdd={quickAdd} marks={marks} soldOut={isSoldOut(item)} />
  );

  const menuPath = pagePath(company, storeKey, { kind: "menu" });
  const links: PageLinks = { page, company, storeKey, promotionCategories, reviewsOrg: reviewsOrgOf(menu), onGo: go };

  return (
    <div className="guest" dir={textDirection(menu.language as Language)} lang={menu.language} style={style} data-testid="guest-menu" data-ready={mounted && (complete || !listsCategories) ? "" : undefined}>
      {menu.hidden ? null : <SkipToCart label={intl.formatMessage({ id: "guest.skipToCart" })} openCart={() => setCartOpen(true)} />}
      <GuestHeader menu={menu} table={table} tableName={pass?.name} onLanguage={(l) => void changeLanguage(l)} infoHref={`${menuPath}#info`} />
      {callsInPlan(menu) && !menu.hidden ? (
        // The call bar's place, kept from the first paint on a page with a table pass (html.table-pass).
        <div className="table-calls-slot" data-testid="table-calls-slot">
          {pass ? (
            <Suspense fallback={null}>
              <TableCalls scope={`${company}/${storeKey}/${pass.table}`} />
            </Suspense>
          ) : null}
        </div>
      ) : null}
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
                <SearchBox
                  query={query}
                  onQuery={setQuery}
                  onClose={() => {
                    setSearching(false);
                    setQuery("");
                  }}
                />
              ) : (
                <>
                  <PageTabs
                    {...links}
                    menuPath={menuPath}
                    sections={sections}
                    section={section}
                    rtl={rtl}
                    tabRefs={tabRefs}
                    onTabKey={onTabKey}
                    onSection={chooseSection}
                  />
                  {page.kind === "menu" ? <FilterButton ref={filterButton} filter={filter} filtering={filtering} onOpen={() => setFilterOpen(true)} /> : null}
                  {page.kind === "menu" ? <SearchButton ref={searchButton} onOpen={() => setSearching(true)} /> : null}
                </>
              )}
            </div>
            <ChipBar
              ref={chipBar}
              {...links}
              searching={searching}
              chips={chips}
              activeCategory={activeCategory}
              onCategory={goToCategory}
              query={query}
              resultCount={results.length}
              searchLoading={searchLoading}
            />
          </nav>
          <main className="guest-main">
            {page.kind === "menu" && searching ? (
              <div className="item-list" data-testid="search-results" aria-busy={searchLoading}>
                {results.map(card)}
                {searchLoading ? <SearchLoading /> : null}
                <SearchSuggestions categories={suggestions} onCategory={openSuggested} />
              </div>
            ) : null}
            {page.kind === "menu" && !searching ? (
              <div role="tabpanel" id="guest-section" aria-labelledby={`section-tab-${section}`} data-testid="section-panel">
                {promotionCategories.length ? <PromoStrip categories={promotionCategories} promotions={menu.promotions} company={company} storeKey={storeKey} onGo={go} /> : null}
                {hidden.menu > 0 ? <FilterNote hidden={hidden} /> : null}
                <MenuTypeSwitch menuType={menuType} onMenuType={setMenuType} />
                <MenuCategories
                  tree={tree}
                  counts={counts}
                  itemsOf={(id) => byCategory.get(id)}
                  complete={(id) => loadedToEnd.has(id)}
                  briefOf={(id) => briefByCategory.get(id) ?? NO_BRIEF}
                  requestAhead={requestAhead}
                  mounted={mounted}
                  goal={goal}
                  onComplete={onComplete}
                  menuType={menuType}
                  card={card}
                />
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
            tableName={pass?.name}
            company={company}
            storeKey={storeKey}
            open={cartOpen}
            onOpen={() => setCartOpen(true)}
            onClose={() => setCartOpen(false)}
            onChange={(update) => setCart(update)}
            soldOut={(id) => {
              const item = briefById.get(id);
              return !!item && isSoldOut(item);
            }}
          />
          {modalItem ? <ItemModal key={modalItem.id} item={modalItem} marks={marks} soldOut={isSoldOut(modalItem)} onClose={closeItem} onAdd={add} /> : null}
          {filterOpen ? <FilterSheet
              marks={marks}
              filter={filter}
              onChange={setMarkFilter}
              onClose={() => setFilterOpen(false)}
            /> : null}
        </>
      )}
    </div>
  );
}
