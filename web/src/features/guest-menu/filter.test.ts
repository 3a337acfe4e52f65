import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakePage } from "@/testing/fake-page";
import { FILTER_STORAGE_KEY, filterSize, NO_FILTER, parseMarkFilter, setMarkFilter } from "./filter";

describe("the guest's stored filter (issue 19)", () => {
  it("reads only lists of strings, and no filter from anything else", () => {
    expect(parseMarkFilter('{"without":["gluten","nuts"],"only":["vegan"]}')).toEqual({ without: ["gluten", "nuts"], only: ["vegan"] });
    expect(parseMarkFilter('{"without":["gluten",7,null],"only":"vegan"}')).toEqual({ without: ["gluten"], only: [] });
    for (const raw of [null, "", "not json", "null", "[]", "5"]) expect(parseMarkFilter(raw), String(raw)).toEqual(NO_FILTER);
  });

  it("counts its choices", () => {
    expect(filterSize({ without: ["gluten", "nuts"], only: ["vegan"] })).toBe(3);
    expect(filterSize(NO_FILTER)).toBe(0);
  });

  describe("kept once for every menu", () => {
    let page: ReturnType<typeof fakePage>;
    beforeEach(() => {
      page = fakePage();
    });
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it("is stored while it has a choice, and removed when it has none", () => {
      setMarkFilter({ without: ["gluten"], only: ["vegan"] });
      expect(parseMarkFilter(page.stored.get(FILTER_STORAGE_KEY) ?? null)).toEqual({ without: ["gluten"], only: ["vegan"] });
      setMarkFilter({ without: [], only: [] });
      expect(page.stored.has(FILTER_STORAGE_KEY)).toBe(false);
    });

    it("does not break the page when storage refuses it (it then lives for the page only)", () => {
      vi.stubGlobal("localStorage", {
        setItem: () => {
          throw new Error("QuotaExceededError");
        },
      });
      expect(() => setMarkFilter({ without: ["nuts"], only: [] })).not.toThrow();
    });
  });
});
