/** What the cart sheet and the waiter view show of the stored cart (kept out of CartPanel to be unit-tested). */
import type { WaiterLine } from "./components/waiter-view";
import { totals } from "./money";
import type { PublishedItem } from "./model";
import type { Cart } from "./state";

/**
 * Each line with the menu's title (in the menu's language, or marked with its own), else the one
 * stored when added (marked if in another language), its portion as the menu has it now, else as
 * stored, else the item's first; and whether it is sold out.
 */
export function cartLineViews(cart: Cart, items: ReadonlyMap<string, PublishedItem>, language: string, soldOut: (id: string) => boolean): WaiterLine[] {
  return cart.lines.map((line) => {
    const portion = line.portions.find((p) => p.id === line.selectedPortionId) ?? line.portions[0];
    const item = items.get(line.id);
    const current = item?.portions.find((p) => p.id === line.selectedPortionId);
    const titleLang = item ? item.title_lang : line.title_lang !== language ? line.title_lang : undefined;
    return { line, title: item?.title ?? line.title, titleLang, portion: current ?? portion, soldOut: soldOut(line.id) };
  });
}

/** The order's totals per currency: a sold-out line stays in the cart (marked) but is not part of what the guest can order. */
export const orderTotals = (lines: readonly WaiterLine[]) =>
  totals(lines.flatMap(({ line, portion, soldOut }) => (portion && !soldOut ? [{ price: portion.price, currency: portion.currency, quantity: line.quantity }] : [])));
