/** The shared text rules of the forms (issue 15): length messages with bounds, invisible-only names, billing formats. */
import { describe, expect, it } from "vitest";
import { BillingInfo, unpValid } from "@menu/core/billing/schemas";
import { cleanText, hasVisibleText, secret, text } from "@menu/core/shared/text-rules";

const messages = (schema: { safeParse: (v: unknown) => { error?: { issues: { message: string }[] } } }, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe("text()", () => {
  const name = text({ min: 2, max: 5 });

  it("answers one message per rule, with the bound", () => {
    expect(messages(name, undefined)).toEqual(["This field is required"]);
    expect(messages(name, "")).toEqual(["String cannot be empty"]);
    expect(messages(name, "a")).toEqual(["Minimum length is 2 characters"]);
    expect(messages(name, "abcdef")).toEqual(["Maximum length is 5 characters"]);
    expect(name.parse("  abc  ")).toBe("abc");
    expect(messages(text({ max: 5, empty: "This field is required" }), " ")).toEqual(["This field is required"]);
  });

  it("treats a text of invisible characters as empty, keeps joiners and variation selectors inside", () => {
    for (const invisible of ["\u200B", "\u200C\u200D", "\u202A\u202E\u202C", "\u2066\u2069", "\u200E\u200F", "\u3000", "\u00A0\u2007", "\u3164", "\uFFA0", "\u2800", "\u00AD", "\uFEFF", "\u2060", "\uFE0F", "\u180E"]) {
      expect(hasVisibleText(invisible), JSON.stringify(invisible)).toBe(false);
      expect(messages(name, invisible), JSON.stringify(invisible)).toEqual(["String cannot be empty"]);
    }
    expect(cleanText("\u200B\u202Bкофе\u202C\u200B")).toBe("кофе");
    expect(cleanText("👨‍👩‍👧")).toBe("👨‍👩‍👧");
    expect(cleanText("☕️")).toBe("☕️");
    expect(cleanText("خانه\u200Cای")).toBe("خانه\u200Cای");
  });

  it("optional: empty (or invisible) is allowed and stored as nothing, the bounds apply to the rest", () => {
    const note = text({ min: 3, max: 5, optional: true });
    expect(note.parse("\u200B \u200D")).toBe("");
    expect(messages(note, "ab")).toEqual(["Minimum length is 3 characters"]);
    expect(messages(note, "abcdef")).toEqual(["Maximum length is 5 characters"]);
  });

  it("secret(): passwords are not trimmed", () => {
    const password = secret({ min: 8, max: 10 });
    expect(password.parse(" 1234567")).toBe(" 1234567");
    expect(messages(password, "1234567")).toEqual(["Minimum length is 8 characters"]);
    expect(messages(password, "")).toEqual(["This field is required"]);
    expect(secret({ min: 8, max: 10, optional: true }).parse("")).toBe("");
  });
});

describe("billing formats", () => {
  it("checks the УНП's check digit", () => {
    expect(unpValid("200988541")).toBe(true);
    expect(unpValid("200988542")).toBe(false);
    expect(unpValid("800988541")).toBe(false);
    expect(unpValid("20098854")).toBe(false);
  });

  it("normalises and checks BIC and postcode", () => {
    expect(BillingInfo.shape.bic.parse(" nbrb by2x ")).toBe("NBRBBY2X");
    expect(BillingInfo.shape.bic.parse("PJCBBY2X000")).toBe("PJCBBY2X000");
    expect(BillingInfo.shape.bic.safeParse("NBRBBY2XX").success).toBe(false);
    expect(BillingInfo.shape.postcode.parse("220 030")).toBe("220030");
    expect(BillingInfo.shape.postcode.safeParse("22003").success).toBe(false);
    expect(messages(BillingInfo.shape.phone, "+375 29 abc")).toEqual(["Invalid phone format"]);
  });
});
