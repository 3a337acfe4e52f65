import { describe, expect, it } from "vitest";
import { passesFilter, type MarkFilter } from "@menu/core/item/marks";
import type { ZonedTime } from "@menu/core/shared/schedule";
import type { IndexCategory, IndexItem, PublishedCategory } from "@menu/core/shared/published-menu";
import { categoryOpen, countByCategory, hiddenByFilter, keepsItems, sectionsOf, shownSection, soldOutAt, treeOf } from "./menu-visibility";

const item = (id: string, marks: Pick<IndexItem, "allergens" | "tags" | "sold_out_until"> = {}): IndexItem => ({ id, title: id, ...marks });
const category = (id: string, section: string, parent_id: string, items: IndexItem[], schedule?: IndexCategory["schedule"]): IndexCategory => ({
  id,
  section,
  type: "menu",
  name: id,
  icon: "",
  parent_id,
  position: 0,
  items,
  ...(schedule ? { schedule } : {}),
});
const mornings = { enabled: true, days: ["mon"], start: "09:00", end: "12:00" };
const at = (day: ZonedTime["day"], hhmm: string): ZonedTime => {
  const [h, m] = hhmm.split(":").map(Number);
  return { day, minutes: h! * 60 + m!, year: 2026, month: 11, date: 23 };
};

const gluten = { allergens: ["gluten"] };
const vegan = { tags: ["vegan"] };
// Kitchen: k1 (with the breakfast subcategory k1s), k2 (gluten only), k3 (empty, its subcategory vegan); drinks; a promotion.
const categories = [
  category("k1", "kitchen", "", [item("a", gluten), item("b", vegan)]),
  category("k1s", "kitchen", "k1", [item("c", gluten)], mornings),
  category("k2", "kitchen", "", [item("d", gluten)]),
  category("k3", "kitchen", "", []),
  category("k3s", "kitchen", "k3", [item("h", vegan)]),
  category("b1", "drinks", "", [item("e", vegan), item("f", gluten)]),
  category("p1", "promotions", "", [item("g", gluten)]),
];
const byId = new Map(categories.map((c) => [c.id, c]));
const brief = categories.flatMap((c) => c.items.map((i) => ({ ...i, category_id: c.id })));
const passing = (filter: MarkFilter) => countByCategory(brief.filter((i) => passesFilter(i, filter)));
const noGluten = passing({ without: ["gluten"], only: [] });
const allOpen = () => true;

describe("the guest's filter over the menu", () => {
  it("leaves out items with an excluded allergen and those without every required tag", () => {
    expect(Object.fromEntries(noGluten)).toEqual({ k1: 1, k3s: 1, b1: 1 });
    expect(Object.fromEntries(passing({ without: [], only: ["vegan"] }))).toEqual({ k1: 1, k3s: 1, b1: 1 });
    expect(Object.fromEntries(passing({ without: ["gluten"], only: ["vegan", "spicy"] }))).toEqual({});
    expect(countByCategory(brief).get("k1")).toBe(2);
  });

  it("keeps a category with an item of its own or of a subcategory left, and drops one emptied", () => {
    expect(["k1", "k1s", "k2", "k3", "k3s", "b1"].filter((id) => keepsItems(byId.get(id)!, categories, noGluten))).toEqual(["k1", "k3", "k3s", "b1"]);
  });

  it("counts what it hides in the section and in the menu, over the open categories, promotions aside", () => {
    // k1 1, k1s 1, k2 1 in the kitchen; b1 1 in drinks; p1 is a promotion.
    expect(hiddenByFilter(categories, byId, noGluten, allOpen, "kitchen")).toEqual({ section: 3, menu: 4 });
    expect(hiddenByFilter(categories, byId, noGluten, allOpen, "drinks")).toEqual({ section: 1, menu: 4 });
    // Out of breakfast hours k1s hides its item whatever the filter: not counted.
    const tuesday = (c: PublishedCategory) => categoryOpen(c, "actual", byId, at("tue", "10:00"));
    expect(hiddenByFilter(categories, byId, noGluten, tuesday, "kitchen")).toEqual({ section: 2, menu: 3 });
    // A subcategory under a closed top category is not counted either.
    const withoutK1 = (c: PublishedCategory) => c.id !== "k1";
    expect(hiddenByFilter(categories, byId, noGluten, withoutK1, "kitchen")).toEqual({ section: 1, menu: 2 });
  });
});

describe("categories by menu type and schedule", () => {
  it("opens every category in the full menu, and in the current one by its schedule and its parent's", () => {
    const k1s = byId.get("k1s")!;
    expect(categoryOpen(k1s, "actual", byId, at("mon", "09:00"))).toBe(true);
    expect(categoryOpen(k1s, "actual", byId, at("mon", "12:00"))).toBe(false);
    expect(categoryOpen(k1s, "actual", byId, at("tue", "10:00"))).toBe(false);
    expect(categoryOpen(k1s, "full", byId, at("tue", "10:00"))).toBe(true);
    // A subcategory with no schedule under a closed parent is closed.
    const evenings = category("top", "drinks", "", [], { enabled: true, days: ["fri"], start: "18:00", end: "02:00" });
    const child = category("child", "drinks", "top", []);
    const tree = new Map([evenings, child].map((c) => [c.id, c]));
    expect(categoryOpen(child, "actual", tree, at("sat", "01:30"))).toBe(true); // Friday's window past midnight
    expect(categoryOpen(child, "actual", tree, at("sat", "02:00"))).toBe(false);
    expect(categoryOpen(child, "actual", tree, at("fri", "17:59"))).toBe(false);
  });

  it("builds the section's tree of the categories let through", () => {
    const ids = (section: string, available: (c: PublishedCategory) => boolean) => treeOf(categories, section, available).map((t) => [t.top.id, t.children.map((c) => c.id)]);
    expect(ids("kitchen", allOpen)).toEqual([["k1", ["k1s"]], ["k2", []], ["k3", ["k3s"]]]);
    expect(ids("kitchen", (c) => keepsItems(c, categories, noGluten))).toEqual([["k1", []], ["k3", ["k3s"]]]);
    expect(ids("drinks", allOpen)).toEqual([["b1", []]]);
  });
});

describe("sections", () => {
  it("lists the guest sections that have a top category, and shows the address's once mounted", () => {
    const sections = sectionsOf(categories);
    expect(sections).toEqual(["kitchen", "drinks"]);
    expect(shownSection(sections, "drinks", true)).toBe("drinks");
    expect(shownSection(sections, "drinks", false)).toBe("kitchen"); // as the server rendered it
    expect(shownSection(["drinks"], "kitchen", true)).toBe("drinks"); // the menu has no such section
    expect(shownSection([], undefined, true)).toBe("kitchen");
  });
});

describe("sold out", () => {
  it("holds while the mark lies ahead, and not from its moment on", () => {
    const now = new Date("2026-11-27T12:00:00Z");
    expect(soldOutAt({ sold_out_until: "2026-11-27T12:00:01Z" }, now)).toBe(true);
    expect(soldOutAt({ sold_out_until: "2026-11-27T12:00:00Z" }, now)).toBe(false);
    expect(soldOutAt({ sold_out_until: "2026-11-26T23:00:00Z" }, now)).toBe(false);
    expect(soldOutAt({}, now)).toBe(false);
  });
});
