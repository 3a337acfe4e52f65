import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PublishedItem } from "@menu/core/shared/published-menu";
import { fakePage } from "@/testing/fake-page";
import { cartLineViews, orderTotals } from "./cart-lines";
import { addToCart, CART_TTL_MS, cartStorageKey, cartStore, EMPTY_CART, restoreLines, setQuantity, type Cart, type CartLine } from "./state";

const portions = [
  { id: "p1", price: "12.50", currency: "BYN", weight: "300", unit: "g" },
  { id: "p2", price: "20", currency: "BYN", weight: "500", unit: "g" },
];
const line = (id: string, selectedPortionId = "p1", quantity = 1): CartLine => ({ id, selectedPortionId, quantity, portions, title: `stored ${id}`, title_lang: "ru" });
const cart = (...lines: CartLine[]): Cart => ({ updated_at: 0, lines });
const ids = (c: Cart) => c.lines.map((l) => `${l.id}/${l.selectedPortionId}×${l.quantity}`);

describe("cart lines (SPEC section 3)", () => {
  it("adds to the line of the same dish and portion, up to 99, and makes a new line for another portion", () => {
    let c = addToCart(EMPTY_CART, line("a"), 2);
    c = addToCart(c, line("a"), 3);
    c = addToCart(c, line("a", "p2"), 1);
    expect(ids(c)).toEqual(["a/p1×5", "a/p2×1"]);
    expect(ids(addToCart(c, line("a"), 200))).toEqual(["a/p1×99", "a/p2×1"]);
  });

  it("sets a line's quantity, at most 99, and takes the line out at 0", () => {
    const c = cart(line("a"), line("b"), line("c"));
    expect(ids(setQuantity(c, 1, 4))).toEqual(["a/p1×1", "b/p1×4", "c/p1×1"]);
    expect(ids(setQuantity(c, 1, 150))).toEqual(["a/p1×1", "b/p1×99", "c/p1×1"]);
    expect(ids(setQuantity(c, 1, 0))).toEqual(["a/p1×1", "c/p1×1"]);
  });

  it("gives the cleared lines back as they were, ahead of those added since (a same dish and portion gives way)", () => {
    const kept = [line("a", "p1", 2), line("b")];
    expect(ids(restoreLines(cart(line("a", "p1", 7), line("c")), kept))).toEqual(["a/p1×2", "b/p1×1", "c/p1×1"]);
  });
});

describe("what the cart shows", () => {
  const menuItem: PublishedItem = { id: "a", category_id: "k", kind: "dish", title: "Soup", title_lang: "en", portions: [{ ...portions[0]!, price: "13" }] };
  const items = new Map([["a", menuItem]]);

  it("takes the title and price from the menu, else the stored ones, marking a title in another language", () => {
    const [current, gone] = cartLineViews(cart(line("a"), line("b")), items, "ru", () => false);
    expect([current!.title, current!.titleLang, current!.portion?.price]).toEqual(["Soup", "en", "13"]);
    expect([gone!.title, gone!.titleLang, gone!.portion?.price]).toEqual(["stored b", undefined, "12.50"]);
    expect(cartLineViews(cart(line("b")), items, "en", () => false)[0]!.titleLang).toBe("ru");
  });

  it("totals price × quantity per currency, exactly, leaving out sold-out lines", () => {
    const usd = { ...line("c"), portions: [{ id: "p1", price: "0.10", currency: "USD", weight: "1", unit: "pieces" }] };
    const c = cart(line("a", "p1", 3), line("b", "p2", 2), { ...usd, quantity: 3 });
    expect(orderTotals(cartLineViews(c, items, "ru", () => false))).toEqual([
      { currency: "BYN", amount: "79.00" },
      { currency: "USD", amount: "0.30" },
    ]);
    const views = cartLineViews(c, items, "ru", (id) => id === "a");
    expect(views.map((v) => v.soldOut)).toEqual([true, false, false]);
    expect(orderTotals(views)).toEqual([
      { currency: "BYN", amount: "40.00" },
      { currency: "USD", amount: "0.30" },
    ]);
  });
});

describe("the stored cart of a store", () => {
  let page: ReturnType<typeof fakePage>;
  let n = 0;
  let path: string;
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date("2026-11-27T12:00:00Z"), toFake: ["setInterval", "clearInterval", "Date"] });
    page = fakePage();
    path = `/co/store-${++n}`;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const stored = () => JSON.parse(page.stored.get(cartStorageKey(path)) ?? "null") as Cart | null;

  it("is empty until its first reader subscribes (hydration), then the stored one", () => {
    page.stored.set(cartStorageKey(path), JSON.stringify({ ...cart(line("a")), updated_at: Date.now() - 60_000 }));
    const store = cartStore(path);
    expect(store.get()).toBe(EMPTY_CART);
    const stop = store.subscribe(() => {});
    expect(ids(store.get())).toEqual(["a/p1×1"]);
    stop();
  });

  it("saves every change with its time, and forgets a cart with no line and no table", () => {
    const store = cartStore(path);
    const stop = store.subscribe(() => {});
    store.set((c) => addToCart(c, line("a"), 1));
    expect(stored()).toMatchObject({ updated_at: Date.now(), lines: [{ id: "a" }] });
    store.set((c) => ({ ...setQuantity(c, 0, 0), table: 7 }));
    expect(stored()).toMatchObject({ table: 7, lines: [] });
    store.set((c) => ({ lines: c.lines, updated_at: c.updated_at }));
    expect(page.stored.has(cartStorageKey(path))).toBe(false);
    stop();
  });

  it("drops a cart last changed more than an hour ago: on reading, while the page is open, and on waking", () => {
    page.stored.set(cartStorageKey(path), JSON.stringify({ ...cart(line("a")), updated_at: Date.now() - CART_TTL_MS - 1 }));
    const store = cartStore(path);
    let stop = store.subscribe(() => {});
    expect(store.get()).toBe(EMPTY_CART);
    expect(page.stored.size).toBe(0);
    stop();

    const changes = vi.fn();
    stop = store.subscribe(changes);
    store.set((c) => addToCart(c, line("b"), 1));
    vi.advanceTimersByTime(CART_TTL_MS);
    expect(ids(store.get())).toEqual(["b/p1×1"]); // an hour to the millisecond is not more than an hour
    vi.advanceTimersByTime(30_000); // the page's check
    expect(store.get()).toBe(EMPTY_CART);
    expect(page.stored.size).toBe(0);

    store.set((c) => addToCart(c, line("c"), 1));
    vi.setSystemTime(Date.now() + CART_TTL_MS + 1); // asleep: no timer ran
    page.wake();
    expect(store.get()).toBe(EMPTY_CART);
    expect(changes).toHaveBeenCalledTimes(4);
    stop();
  });

  it("starts a change from empty when the cart held has expired", () => {
    const store = cartStore(path);
    const stop = store.subscribe(() => {});
    store.set((c) => addToCart(c, line("a"), 1));
    vi.setSystemTime(Date.now() + CART_TTL_MS + 1);
    store.set((c) => addToCart(c, line("b"), 1));
    expect(ids(store.get())).toEqual(["b/p1×1"]);
    stop();
  });

  it("takes another tab's change from the storage event, and stops listening with its last reader", () => {
    const store = cartStore(path);
    const changes = vi.fn();
    const stop = store.subscribe(changes);
    page.stored.set(cartStorageKey(path), JSON.stringify({ ...cart(line("z", "p2", 4)), updated_at: Date.now() }));
    page.storageEvent("cart:/elsewhere");
    expect(store.get().lines).toEqual([]);
    page.storageEvent(cartStorageKey(path));
    expect(ids(store.get())).toEqual(["z/p2×4"]);
    expect(changes).toHaveBeenCalledTimes(1);
    stop();
    page.stored.delete(cartStorageKey(path));
    page.storageEvent(cartStorageKey(path));
    expect(ids(store.get())).toEqual(["z/p2×4"]);
  });
});
