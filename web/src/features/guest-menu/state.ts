import { useSyncExternalStore } from "react";

/** Section 3 "Cart line": item id, selected portion, quantity and the item's portions. */
export type CartLine = {
  id: string;
  selectedPortionId: string;
  quantity: number;
  portions: { id: string; price: string; currency: string; weight?: string; unit?: string }[];
  /** The title when added, shown if the item is no longer on the menu. */
  title: string;
  /** The language `title` is in (lines stored before it was kept have none). */
  title_lang?: string;
};
export type Cart = { updated_at: number; table?: number; lines: CartLine[] };

/** Section 4: the cart is cleared when its last update is more than 1 hour old. */
export const CART_TTL_MS = 60 * 60 * 1000;
export const EMPTY_CART: Cart = { updated_at: 0, lines: [] };

export const cartStorageKey = (storePath: string) => `cart:${storePath}`;

const isExpired = (cart: Cart, now = Date.now()) => cart.updated_at > 0 && now - cart.updated_at > CART_TTL_MS;

function readCart(key: string): Cart {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return EMPTY_CART;
    const cart = JSON.parse(raw) as Cart;
    if (!Array.isArray(cart.lines) || isExpired(cart)) {
      localStorage.removeItem(key);
      return EMPTY_CART;
    }
    return cart;
  } catch {
    return EMPTY_CART;
  }
}

function writeCart(key: string, cart: Cart) {
  try {
    if (cart.lines.length || cart.table) localStorage.setItem(key, JSON.stringify(cart));
    else localStorage.removeItem(key);
  } catch {
    // storage full or disabled: the cart lives for this page only
  }
}

type Listener = () => void;
export type CartStore = {
  get(): Cart;
  set(update: Cart | ((cart: Cart) => Cart)): void;
  subscribe(listener: Listener): () => void;
};
const cartStores = new Map<string, CartStore>();

/**
 * The persisted cart of one store (a small external store, no state library in the guest's
 * download). It reads storage when its first reader subscribes (after hydration, so a
 * server-rendered page hydrates without a mismatch); other tabs' changes arrive via `storage`
 * events; an expired cart is dropped while the page stays open and when the phone wakes up.
 */
export function cartStore(storePath: string): CartStore {
  const key = cartStorageKey(storePath);
  const existing = cartStores.get(key);
  if (existing) return existing;
  let value: Cart = EMPTY_CART;
  const listeners = new Set<Listener>();
  let stop: (() => void) | undefined;
  const replace = (next: Cart) => {
    if (next === value) return;
    value = next;
    listeners.forEach((l) => l());
  };
  const store: CartStore = {
    get: () => value,
    set: (update) => {
      const current = isExpired(value) ? EMPTY_CART : value;
      const next = typeof update === "function" ? update(current) : update;
      const stamped = { ...next, updated_at: Date.now() };
      writeCart(key, stamped);
      replace(stamped);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      if (listeners.size === 1) {
        value = readCart(key);
        const onStorage = (event: StorageEvent) => {
          if (event.key === key) replace(readCart(key));
        };
        const check = () => {
          if (!isExpired(value)) return;
          writeCart(key, EMPTY_CART);
          replace(EMPTY_CART);
        };
        window.addEventListener("storage", onStorage);
        const timer = window.setInterval(check, 30_000);
        document.addEventListener("visibilitychange", check);
        stop = () => {
          window.removeEventListener("storage", onStorage);
          window.clearInterval(timer);
          document.removeEventListener("visibilitychange", check);
        };
      }
      return () => {
        listeners.delete(listener);
        if (!listeners.size) {
          stop?.();
          stop = undefined;
        }
      };
    },
  };
  cartStores.set(key, store);
  return store;
}

const emptyCart = () => EMPTY_CART;

/** The cart of a store path and its setter: empty while hydrating, the stored one from then on. */
export function useCart(storePath: string): [Cart, CartStore["set"]] {
  const store = cartStore(storePath);
  return [useSyncExternalStore(store.subscribe, store.get, emptyCart), store.set];
}

export function addToCart(cart: Cart, line: Omit<CartLine, "quantity">, quantity: number): Cart {
  const existing = cart.lines.find((l) => l.id === line.id && l.selectedPortionId === line.selectedPortionId);
  const lines = existing
    ? cart.lines.map((l) => (l === existing ? { ...l, quantity: Math.min(99, l.quantity + quantity) } : l))
    : [...cart.lines, { ...line, quantity }];
  return { ...cart, lines };
}

export function setQuantity(cart: Cart, index: number, quantity: number): Cart {
  const lines = cart.lines.flatMap((l, i) => (i !== index ? [l] : quantity > 0 ? [{ ...l, quantity: Math.min(99, quantity) }] : []));
  return { ...cart, lines };
}

/** Lines taken out by "Clear" back as they were; lines added since follow (one of the same dish and portion gives way to the kept one). */
export function restoreLines(cart: Cart, kept: readonly CartLine[]): Cart {
  const same = (a: CartLine, b: CartLine) => a.id === b.id && a.selectedPortionId === b.selectedPortionId;
  const added = cart.lines.filter((l) => !kept.some((k) => same(k, l)));
  return { ...cart, lines: [...kept, ...added] };
}

/** Section 3 "Menu state": the selected menu type (current by schedule, or full). */
export type MenuType = "actual" | "full";
