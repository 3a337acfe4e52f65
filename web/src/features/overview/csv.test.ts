/** The overview's CSV downloads (issue 30, point 6): text a guest typed cannot become a formula in a spreadsheet; numbers stay numbers. */
import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("overview CSV", () => {
  it("escapes formula-like text with an apostrophe, keeps negative numbers, quotes separators", () => {
    const rows = [
      ["Запрос", "Сколько раз"],
      ['=HYPERLINK("http://evil.example";"борщ")', 3],
      ["+7 999", -2],
      ["@cmd", 1],
      ["\tвкладка", 1],
      ["'=уже", 1],
      ["-5", 1],
    ];
    expect(toCsv(rows).split("\r\n")).toEqual([
      "Запрос,Сколько раз",
      `"'=HYPERLINK(""http://evil.example"";""борщ"")",3`,
      "'+7 999,-2",
      "'@cmd,1",
      "'\tвкладка,1",
      "''=уже,1",
      "'-5,1",
      "",
    ]);
  });
});
