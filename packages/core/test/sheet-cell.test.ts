/** Cell text both ways (issue 30, point 6): the export's formula escape, the import's exact undoing of it, and quotes of long cells. */
import { describe, expect, it } from "vitest";
import { escapeCell, quoteCell, unescapeCell } from "../src/shared/sheet-cell";

describe("sheet cells", () => {
  it("escapes text a spreadsheet would run as a formula, and the import gets back exactly the text", () => {
    const cases: [string, string][] = [
      ["=SUM(A1)", "'=SUM(A1)"],
      ["+7 999", "'+7 999"],
      ["-5", "'-5"],
      ["@cmd", "'@cmd"],
      ["\tTab", "'\tTab"],
      ["\rCR", "'\rCR"],
      ["'=quoted", "''=quoted"],
      ["''@twice", "'''@twice"],
      ["'plain", "'plain"],
      ["Борщ = суп", "Борщ = суп"],
      ["", ""],
    ];
    for (const [text, exported] of cases) {
      expect(escapeCell(text)).toBe(exported);
      expect(unescapeCell(exported)).toBe(text);
    }
  });

  it("quotes at most 100 characters, cut with an ellipsis, never half a character", () => {
    expect(quoteCell("x".repeat(100))).toBe("x".repeat(100));
    expect(quoteCell("x".repeat(4 * 1024 * 1024))).toBe(`${"x".repeat(99)}…`);
    const emoji = `${"x".repeat(98)}🍲🍲`;
    expect(quoteCell(emoji)).toBe(`${"x".repeat(98)}…`);
  });
});
