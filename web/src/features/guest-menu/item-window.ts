import { useCallback, useEffect, useRef } from "react";
import { track } from "./analytics";
import { withParams } from "./guest-href";
import type { PublishedItem } from "./model";
import type { GuestNav } from "./nav";

type Options = {
  nav: GuestNav;
  href: string;
  /** The path of the current page. */
  here: string;
  /** The item in the address (`?item=`), once hydrated. */
  itemId: string | undefined;
  byId: ReadonlyMap<string, PublishedItem>;
  itemHref: (id: string) => string;
  add: (item: PublishedItem, portionId: string, quantity: number) => void;
  storeId: string;
};

/**
 * The item window, addressed by `?item=`: the cards open it (and quick-add) through handlers that
 * stay the same, it closes back to where the guest was, and focus returns to the card.
 */
export function useItemWindow({ nav, href, here, itemId, byId, itemHref, add, storeId }: Options) {
  const openedModalHere = useRef(false);
  // The handlers given to the (memoised) cards stay the same between renders.
  const latest = useRef({ itemHref, add: (_item: PublishedItem, _portion: string, _quantity: number) => {}, menuStoreId: storeId });
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
    } else nav.replace(withParams(href, here, { item: undefined }));
  };
  useEffect(() => {
    latest.current = { itemHref, add, menuStoreId: storeId };
  });
  const quickAdd = useCallback((item: PublishedItem) => latest.current.add(item, item.portions[0]!.id, 1), []);

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

  return { openItem, closeItem, quickAdd, modalItem };
}
