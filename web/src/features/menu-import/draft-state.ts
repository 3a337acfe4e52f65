/**
 * The draft as the editor holds it (issue 50): categories with keys of their own (a rename never
 * merges two while the owner types), items pointing at their category. Every change is an action
 * of `reduceDraft`; confirming turns the state back into a MenuDraft in the order shown.
 */
import type { DraftDoubt, DraftItem, DraftPortion, MenuDraft } from "@menu/core/import/reading/draft";

export type DraftSection = DraftItem["section"];
export const DRAFT_SECTIONS: readonly DraftSection[] = ["kitchen", "drinks", "hookahs", "games"];

export type EditorCategory = { key: string; name: string; section: DraftSection };
export type EditorItem = { key: string; category: string; title: string; description: string; portions: DraftPortion[]; doubts: DraftDoubt[] };
export type DraftState = { categories: EditorCategory[]; items: EditorItem[] };

export type DraftAction =
  | { type: "renameCategory"; key: string; name: string }
  | { type: "setSection"; key: string; section: DraftSection }
  | { type: "removeCategory"; key: string }
  | { type: "editItem"; key: string; patch: Partial<Pick<EditorItem, "title" | "description">> }
  | { type: "editPortion"; key: string; index: number; patch: Partial<DraftPortion> }
  | { type: "addPortion"; key: string }
  | { type: "removePortion"; key: string; index: number }
  | { type: "moveItem"; key: string; category: string }
  | { type: "removeItem"; key: string }
  /** A line read as an item that is a heading: a new category of the items after it. */
  | { type: "makeCategory"; key: string }
  /** The owner checked the value and it is right. */
  | { type: "dismissDoubt"; key: string; doubt: DraftDoubt };

/** The draft's categories in the order they first appear, each item pointing at its own. */
export function draftState(draft: MenuDraft): DraftState {
  const categories: EditorCategory[] = [];
  const byName = new Map<string, EditorCategory>();
  const items = draft.items.map((item, i): EditorItem => {
    const name = item.category.trim();
    let category = byName.get(`${item.section}\n${name}`);
    if (!category) {
      category = { key: `c${categories.length}`, name, section: item.section };
      byName.set(`${item.section}\n${name}`, category);
      categories.push(category);
    }
    return { key: `i${i}`, category: category.key, title: item.title, description: item.description, portions: item.portions, doubts: item.doubts };
  });
  return { categories, items };
}

/** "12,5 " → "12.5": the decimal as the import reads it. */
const decimal = (s: string) => s.replace(/\s/g, "").replace(",", ".");

/** The edited draft, its items in the order shown (category by category), with each one's key. */
export function draftOf(state: DraftState, base: MenuDraft): { draft: MenuDraft; keys: string[] } {
  const items: DraftItem[] = [];
  const keys: string[] = [];
  for (const category of state.categories) {
    for (const item of state.items) {
      if (item.category !== category.key) continue;
      keys.push(item.key);
      items.push({
        section: category.section,
        category: category.name.trim(),
        title: item.title.trim(),
        description: item.description.trim(),
        portions: item.portions.map((p) => ({ ...p, weight: decimal(p.weight), price: decimal(p.price) })),
        doubts: item.doubts,
      });
    }
  }
  return { draft: { ...base, items }, keys };
}

/** What editing a field settles: a changed price is no longer a doubtful one. */
const SETTLES: Partial<Record<keyof DraftPortion | "title", DraftDoubt>> = { price: "price", weight: "weight", unit: "weight", title: "title" };
const without = (doubts: DraftDoubt[], doubt: DraftDoubt | undefined) => (doubt && doubts.includes(doubt) ? doubts.filter((d) => d !== doubt) : doubts);

function editItem(state: DraftState, key: string, change: (item: EditorItem) => EditorItem): DraftState {
  return { ...state, items: state.items.map((item) => (item.key === key ? change(item) : item)) };
}

/** A new category's key: one more than the highest so far. */
const nextKey = (state: DraftState) => `c${Math.max(-1, ...state.categories.map((c) => Number(c.key.slice(1)))) + 1}`;

function makeCategory(state: DraftState, key: string): DraftState {
  const heading = state.items.find((i) => i.key === key);
  if (!heading) return state;
  const from = state.categories.find((c) => c.key === heading.category)!;
  const created: EditorCategory = { key: nextKey(state), name: heading.title.trim(), section: from.section };
  const at = state.items.indexOf(heading);
  const categories = [...state.categories];
  categories.splice(categories.indexOf(from) + 1, 0, created);
  // The items below the heading in its category are the new category's.
  const items = state.items.flatMap((item, i) => (item === heading ? [] : i > at && item.category === from.key ? [{ ...item, category: created.key }] : [item]));
  return { categories, items };
}

export function reduceDraft(state: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case "renameCategory":
      return { ...state, categories: state.categories.map((c) => (c.key === action.key ? { ...c, name: action.name } : c)) };
    case "setSection":
      return { ...state, categories: state.categories.map((c) => (c.key === action.key ? { ...c, section: action.section } : c)) };
    case "removeCategory":
      return { categories: state.categories.filter((c) => c.key !== action.key), items: state.items.filter((i) => i.category !== action.key) };
    case "editItem":
      return editItem(state, action.key, (item) => ({ ...item, ...action.patch, doubts: "title" in action.patch ? without(item.doubts, "title") : item.doubts }));
    case "editPortion":
      return editItem(state, action.key, (item) => ({
        ...item,
        portions: item.portions.map((p, i) => (i === action.index ? { ...p, ...action.patch } : p)),
        doubts: Object.keys(action.patch).reduce((doubts, field) => without(doubts, SETTLES[field as keyof DraftPortion]), item.doubts),
      }));
    case "addPortion":
      return editItem(state, action.key, (item) => {
        const last = item.portions.at(-1);
        return { ...item, portions: [...item.portions, { weight: "", unit: last?.unit ?? "g", price: "", currency: last?.currency ?? "BYN" }] };
      });
    case "removePortion":
      return editItem(state, action.key, (item) => ({ ...item, portions: item.portions.filter((_, i) => i !== action.index) }));
    case "moveItem":
      return editItem(state, action.key, (item) => ({ ...item, category: action.category }));
    case "removeItem":
      return { ...state, items: state.items.filter((i) => i.key !== action.key) };
    case "makeCategory":
      return makeCategory(state, action.key);
    case "dismissDoubt":
      return editItem(state, action.key, (item) => ({ ...item, doubts: without(item.doubts, action.doubt) }));
  }
}

/** The items the owner should check, in the order shown. */
export function doubtfulItems(state: DraftState): EditorItem[] {
  const order = new Map(state.categories.map((c, i) => [c.key, i]));
  return state.items.filter((i) => i.doubts.length).sort((a, b) => order.get(a.category)! - order.get(b.category)!);
}
