import { describe, expect, it } from "vitest";
import { changeOf, MORE_IS, toneOf } from "./change";

const tone = (value: number, previous: number, more?: "better" | "worse") => toneOf(changeOf({ value, previous }).kind, more);

describe("a change's colour follows its meaning", () => {
  it("more views is good, fewer is bad", () => {
    expect([tone(16, 10, MORE_IS.views), tone(4, 10, MORE_IS.views), tone(3, 0, MORE_IS.views)]).toEqual(["good", "bad", "good"]);
  });
  it("more searches that found nothing is bad, fewer is good, new ones are bad", () => {
    expect([tone(16, 10, MORE_IS.search_misses), tone(4, 10, MORE_IS.search_misses), tone(3, 0, MORE_IS.search_misses)]).toEqual(["bad", "good", "bad"]);
  });
  it("no change and nothing at all mean nothing", () => {
    expect([tone(10, 10, "worse"), tone(0, 0, "worse"), tone(10, 10)]).toEqual(["neutral", "neutral", "neutral"]);
  });
});
