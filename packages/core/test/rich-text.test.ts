/**
 * Rich text (issue 4, part 5): the pure Delta schema the editor and the API share, the conversion
 * of older or damaged values, and the guest renderer (no raw HTML, safe links only, the Russian
 * placeholder of SPEC section 8 for unparsable text).
 */
import { describe, expect, it } from "vitest";
import { publishDelta } from "@menu/core/publish/build";
import { deltaToString, isSafeLink, RICH_TEXT_MAX_LENGTH, RichText, sanitizeDelta, toDeltaOps } from "@menu/core/shared/rich-text";

const delta = (...ops: unknown[]) => JSON.stringify({ ops });
const ok = (text: string) => RichText.safeParse(text).success;

describe("RichText schema", () => {
  it("accepts empty text and every format of the toolbar", () => {
    expect(ok("")).toBe(true);
    expect(
      ok(
        delta(
          { insert: "Title" },
          { insert: "\n", attributes: { header: 1 } },
          { insert: "Sub" },
          { insert: "\n", attributes: { header: 3 } },
          { insert: "bold", attributes: { bold: true, italic: true, underline: true } },
          { insert: "site", attributes: { link: "https://example.com/a?b=1" } },
          { insert: " mail", attributes: { link: "mailto:info@example.com" } },
          { insert: " call", attributes: { link: "tel:+375291234567" } },
          { insert: "one" },
          { insert: "\n", attributes: { list: "ordered" } },
          { insert: "dot" },
          { insert: "\n", attributes: { list: "bullet" } },
        ),
      ),
    ).toBe(true);
  });

  it.each([
    ["plain text", "Борщ со сметаной"],
    ["broken JSON", '{"ops":[{"insert":"Hi'],
    ["JSON without ops", '{"text":"Hi"}'],
    ["an embed", delta({ insert: { image: "https://example.com/x.png" } })],
    ["retain/delete ops", delta({ retain: 3 }, { delete: 1 })],
    ["an unknown op field", delta({ insert: "x", extra: 1 })],
    ["header 4", delta({ insert: "\n", attributes: { header: 4 } })],
    ["a checked list", delta({ insert: "\n", attributes: { list: "checked" } })],
    ["colour", delta({ insert: "x", attributes: { color: "#f00" } })],
    ["code", delta({ insert: "x", attributes: { code: true } })],
    ["bold false", delta({ insert: "x", attributes: { bold: false } })],
    ["a javascript: link", delta({ insert: "x", attributes: { link: "javascript:alert(1)" } })],
    ["a JavaScript: link with spaces", delta({ insert: "x", attributes: { link: "  JavaScript:alert(1)" } })],
    ["a data: link", delta({ insert: "x", attributes: { link: "data:text/html,<script>alert(1)</script>" } })],
    ["a relative link", delta({ insert: "x", attributes: { link: "/admin" } })],
    ["an http link without a host", delta({ insert: "x", attributes: { link: "http://" } })],
    ["an empty mailto", delta({ insert: "x", attributes: { link: "mailto:" } })],
  ])("refuses %s", (_, text) => {
    expect(ok(text)).toBe(false);
  });

  it("bounds the stored length", () => {
    const long = delta({ insert: "x".repeat(RICH_TEXT_MAX_LENGTH) });
    expect(ok(long)).toBe(false);
    expect(RichText.safeParse(long).error?.issues[0]?.code).toBe("too_big");
  });

  it("says Value is incorrect for a refused Delta", () => {
    expect(RichText.safeParse("{oops").error?.issues[0]?.message).toBe("Value is incorrect");
  });
});

describe("isSafeLink", () => {
  it.each(["https://example.com", "http://a.by/x", "mailto:a@b.c", "tel:+375 29 123-45-67", " https://example.com "])("allows %s", (link) => {
    expect(isSafeLink(link)).toBe(true);
  });
  it.each(["javascript:alert(1)", "vbscript:x", "data:text/html,x", "about:blank", "//evil.com", "example.com", "ftp://x.y", "https://"])("refuses %s", (link) => {
    expect(isSafeLink(link)).toBe(false);
  });
});

describe("converting stored values for the editor", () => {
  it("keeps a valid Delta as it is", () => {
    const text = delta({ insert: "Hi", attributes: { bold: true } }, { insert: "\n" });
    expect(sanitizeDelta(text)).toBe(text);
    expect(ok(sanitizeDelta(text))).toBe(true);
  });

  it("turns plain or broken text into one plain paragraph (nothing is lost)", () => {
    expect(toDeltaOps("Борщ со сметаной")).toEqual([{ insert: "Борщ со сметаной\n" }]);
    expect(toDeltaOps('{"ops":[{"insert":"Hi')).toEqual([{ insert: '{"ops":[{"insert":"Hi\n' }]);
    expect(toDeltaOps("null")).toEqual([{ insert: "null\n" }]);
    for (const text of ["Борщ", '{"ops":[{"insert":"Hi', "null"]) expect(ok(sanitizeDelta(text))).toBe(true);
  });

  it("drops embeds, foreign formats and unsafe links but keeps their text", () => {
    const text = delta(
      { insert: { image: "x.png" } },
      { insert: "red", attributes: { color: "red", bold: true } },
      { insert: "evil", attributes: { link: "javascript:alert(1)", italic: true } },
      { insert: "\n", attributes: { header: 5, list: "checked" } },
    );
    expect(toDeltaOps(text)).toEqual([
      { insert: "red", attributes: { bold: true } },
      { insert: "evil", attributes: { italic: true } },
      { insert: "\n" },
    ]);
    expect(ok(sanitizeDelta(text))).toBe(true);
  });

  it("stores nothing for empty or whitespace-only content", () => {
    expect(sanitizeDelta("")).toBe("");
    expect(sanitizeDelta(undefined)).toBe("");
    expect(deltaToString([{ insert: "\n" }])).toBe("");
    expect(sanitizeDelta(delta({ insert: "  \n" }))).toBe("");
  });
});

describe("what guests get (publishDelta)", () => {
  it("publishes every valid Delta the schema accepts unchanged", () => {
    const ops = [{ insert: "Hi", attributes: { bold: true, link: "https://example.com" } }, { insert: "\n", attributes: { header: 2 } }];
    expect(publishDelta(JSON.stringify({ ops }))).toEqual(ops);
  });

  it("marks unparsable text (null: the guest sees the placeholder) and empty text (undefined)", () => {
    expect(publishDelta('{"ops":[{"insert":"Hi')).toBeNull();
    expect(publishDelta('{"nope":1}')).toBeNull();
    expect(publishDelta("")).toBeUndefined();
  });
});
