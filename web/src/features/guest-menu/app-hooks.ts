/** The guest app's page-level hooks (guest-app.tsx): the table it is read at, the page's own effects, adding to the cart. */
import { useEffect } from "react";
import { track } from "./analytics";
import { readTablePass } from "./calls/pass";
import type { useIntl } from "./intl";
import { parseLocation, type GuestLocation, type PublishedIndex, type PublishedItem } from "./model";
import type { GuestNav } from "./nav";
import { pageMeta } from "./page-meta";
import { GUEST_READY_EVENT } from "./starter";
import { addToCart, type Cart, type useCart } from "./state";
import { registerGuestServiceWorker } from "./sw-register";

type SetCart = ReturnType<typeof useCart>[1];

/** The store's plan includes table calls; a menu published before the flag existed does not say, so it may. */
export const callsInPlan = (menu: PublishedIndex) => (menu.store as { table_calls?: boolean }).table_calls !== false;

/**
 * The table the guest sits at: ?table= from the QR code, remembered with the cart (counted once),
 * or a table pass for this store (issue 36), which names the table and alone lets the guest call
 * staff. The call bar's place (menu.css) follows the pass; the pre-rendered page's starter keeps
 * it from the first paint.
 */
export function useTablePass({ mounted, menu, now, location, cart, setCart }: { mounted: boolean; menu: PublishedIndex; now: Date; location: GuestLocation; cart: Cart; setCart: SetCart }) {
  const { company_url_key: company, url_key: storeKey } = menu.store;
  const pass = mounted ? readTablePass(document.cookie, company, storeKey, now.getTime()) : undefined;
  const table = pass?.table ?? (mounted ? (location.table ?? (cart.table || undefined)) : undefined);
  const calling = !!pass && callsInPlan(menu) && !menu.hidden;
  useEffect(() => {
    if (mounted) document.documentElement.classList.toggle("table-pass", calling);
  }, [mounted, calling]);
  useEffect(() => {
    if (location.table && location.table !== cart.table) setCart((c) => ({ ...c, table: location.table }));
  }, [location.table, cart.table, setCart]);
  return { pass, table };
}

/**
 * What the page does once: the service worker, the view and the QR scan counted (unless the
 * pre-rendered page's starter counted them: `started`, then told the app is ready), and the title
 * and description following a language chosen on the page (the pre-rendered ones are the menu's).
 */
export function usePageEffects({ menu, nav, started, mounted, intl }: { menu: PublishedIndex; nav: GuestNav; started: boolean; mounted: boolean; intl: ReturnType<typeof useIntl> }) {
  useEffect(() => {
    registerGuestServiceWorker();
    if (started) return;
    track(menu.store.id, { type: "menu_view" });
    const first = parseLocation(nav.getHref());
    if (first.table) track(menu.store.id, { type: "qr_scan", table: first.table });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (started && mounted) document.dispatchEvent(new Event(GUEST_READY_EVENT));
  }, [started, mounted]);

  const meta = pageMeta(menu, intl);
  useEffect(() => {
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute("content", meta.description);
  }, [meta.title, meta.description]);
}

/** Adds a portion of a dish to the cart (a sold-out one is not added), counted as a cart event. */
export const useAddToCart = (menu: PublishedIndex, isSoldOut: (item: PublishedItem) => boolean, setCart: SetCart) => (item: PublishedItem, portionId: string, quantity: number) => {
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
