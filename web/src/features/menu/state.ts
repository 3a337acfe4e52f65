import { atom, type WritableAtom } from "jotai";

/** Section 3 "Cart line": item id, selected portion, quantity and the item's portions. */
export type CartLine = {
  id: string;
  selectedPortionId: string;
  quantity: number;
  portions: { id: string; price: string; currency: string; weight?: string; unit?: string }[];
  /** The title when added, shown if the item is no longer on the menu. */
  title: string;
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

type CartAtom = WritableAtom<Cart, [Cart | ((cart: Cart) => Cart)], void>;
const cartAtoms = new Map<string, CartAtom>();

/**
 * The persisted cart of one store. It starts empty and reads storage once mounted, so a
 * server-rendered page hydrates without a mismatch; other tabs' changes arrive via `storage` events.
 */
export function cartAtom(storePath: string): CartAtom {
  const key = cartStorageKey(storePath);
  let cart = cartAtoms.get(key);
  if (cart) return cart;
  const base = atom<Cart>(EMPTY_CART);
  base.onMount = (set) => {
    set(readCart(key));
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) set(readCart(key));
    };
    window.addEventListener("storage", onStorage);
    // Expiry while the page stays open (and after the phone wakes up).
    const check = () => set((current) => (isExpired(current) ? (writeCart(key, EMPTY_CART), EMPTY_CART) : current));
    const timer = window.setInterval(check, 30_000);
    document.addEventListener("visibilitychange", check);
    return () => {
      window.removeEventListener("storage", onStorage);
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", check);
    };
  };
  cart = atom(
    (get) => get(base),
    (get, set, update: Cart | ((cart: Cart) => Cart)) => {
      const current = get(base);
      const next = typeof update === "function" ? update(isExpired(current) ? EMPTY_CART : current) : update;
      const stamped = { ...next, updated_at: Date.now() };
      set(base, stamped);
      writeCart(key, stamped);
    },
  );
  cartAtoms.set(key, cart);
  return cart;
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

/** Section 3 "Menu state": the selected menu type (current by schedule, or full). */
export const menuTypeAtom = atom<"actual" | "full">("actual");
