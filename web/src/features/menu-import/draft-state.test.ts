import type { DraftItem, MenuDraft } from "@menu/core/import/reading/draft";
import { describe, expect, it } from "vitest";
import { checkDraft, firstProblem, serverProblems } from "./draft-problems";
import { doubtfulItems, draftOf, draftState, reduceDraft, type DraftAction, type DraftState } from "./draft-state";

const item = (title: string, over: Partial<DraftItem> = {}): DraftItem => ({
  section: "kitchen",
  category: "Супы",
  title,
  description: "",
  portions: [{ weight: "300", unit: "g", price: "8.5", currency: "BYN" }],
  doubts: [],
  ...over,
});
const draft = (items: DraftItem[]): MenuDraft => ({ source: "pdf", language: "ru", pages: 1, items, truncated: false });
const run = (state: DraftState, ...actions: DraftAction[]) => actions.reduce(reduceDraft, state);

/** Issue 50: the draft editor's changes, and what stops a draft from being imported. */
describe("the draft editor's state", () => {
  it("groups items by category in the order they come, and gives them back category by category", () => {
    const d = draft([item("Борщ"), item("Морс", { section: "drinks", category: "Напитки" }), item("Щи")]);
    const state = draftState(d);
    expect(state.categories.map((c) => [c.name, c.section])).toEqual([
      ["Супы", "kitchen"],
      ["Напитки", "drinks"],
    ]);
    const back = draftOf(state, d);
    expect(back.draft.items.map((i) => i.title)).toEqual(["Борщ", "Щи", "Морс"]);
    expect(back.keys).toEqual(["i0", "i2", "i1"]);
  });

  it("renames and re-sections a category, moves and removes items, and reads a comma's decimals", () => {
    const d = draft([item("Борщ"), item("Морс", { category: "Напитки" })]);
    const state = run(
      draftState(d),
      { type: "renameCategory", key: "c1", name: "Соки и морсы" },
      { type: "setSection", key: "c1", section: "drinks" },
      { type: "moveItem", key: "i0", category: "c1" },
      { type: "editPortion", key: "i0", index: 0, patch: { price: "9,90" } },
    );
    expect(draftOf(state, d).draft.items.map((i) => [i.category, i.section, i.title, i.portions[0]!.price])).toEqual([
      ["Соки и морсы", "drinks", "Борщ", "9.90"],
      ["Соки и морсы", "drinks", "Морс", "8.5"],
    ]);
    expect(run(state, { type: "removeItem", key: "i0" }).items.map((i) => i.title)).toEqual(["Морс"]);
    expect(run(state, { type: "removeCategory", key: "c1" })).toEqual({ categories: [state.categories[0]], items: [] });
  });

  it("settles a doubt when its field is edited or the owner says it is right; a heading becomes the category of the items after it", () => {
    const d = draft([item("Борщ", { doubts: ["price", "weight"] }), item("Десерты", { doubts: ["heading"], portions: [] }), item("Штрудель"), item("Блины")]);
    let state = draftState(d);
    expect(doubtfulItems(state).map((i) => i.title)).toEqual(["Борщ", "Десерты"]);
    state = run(state, { type: "editPortion", key: "i0", index: 0, patch: { price: "8" } }, { type: "dismissDoubt", key: "i0", doubt: "weight" });
    expect(state.items[0]!.doubts).toEqual([]);
    state = run(state, { type: "makeCategory", key: "i1" });
    expect(state.categories.map((c) => c.name)).toEqual(["Супы", "Десерты"]);
    expect(draftOf(state, d).draft.items.map((i) => [i.category, i.title])).toEqual([
      ["Супы", "Борщ"],
      ["Десерты", "Штрудель"],
      ["Десерты", "Блины"],
    ]);
  });

  it("finds a missing price, a short title and a weight that is no number, and maps the preview's rows back to items", () => {
    const d = draft([item("Борщ"), item("Щ", { portions: [{ weight: "сто", unit: "g", price: "", currency: "BYN" }] }), item("Уха", { portions: [] })]);
    const state = draftState(d);
    const problems = checkDraft(state);
    expect([...problems].map(([key, list]) => [key, list.map((p) => [p.field, p.portion])])).toEqual([
      [
        "i1",
        [
          ["title", undefined],
          ["price", 0],
          ["weight", 0],
        ],
      ],
      ["i2", [["price", undefined]]],
    ]);
    expect(firstProblem(state, problems)?.id).toBe("draft-i1-title");
    const { draft: edited, keys } = draftOf(state, d);
    const fromServer = serverProblems(edited, keys, [{ row: 3, column: "Цена", code: "required" }]);
    expect([...fromServer].map(([key, list]) => [key, list.map((p) => [p.field, p.message])])).toEqual([["i1", [["price", { id: "import.error.required" }]]]]);
  });
});
