import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import en from "@/i18n/messages/en.json";
import ru from "@/i18n/messages/ru.json";
import zh from "@/i18n/messages/zh.json";
import { fileRefusalOf, refusalText } from "./refusal";

const say = (locale: string, messages: Record<string, string>, refusal: Parameters<typeof refusalText>[1]) => refusalText(createIntl({ locale, messages }), refusal);

/** Issue 46, point 5: a file refused for what it holds says where, in the owner's language. */
describe("an import refusal's message", () => {
  it("names the sheet, row and column of a workbook's cell", () => {
    const cell = { row: 7, column: "AB", sheet: "Меню & бар", code: "cellTooLong" };
    expect(say("en", en, cell)).toBe("A cell has more than 10,000 characters: sheet “Меню & бар”, row 7, column AB.");
    expect(say("ru", ru, cell)).toBe("В ячейке больше 10 000 символов: лист «Меню & бар», строка 7, столбец AB.");
    expect(say("zh", zh, cell)).toBe("某个单元格超过 10000 个字符：工作表“Меню & бар”，第 7 行，AB 列。");
    expect(say("en", en, { row: 3, column: "C", sheet: "Menu", code: "unpacksTooMuch" })).toBe("The file unpacks to more than 100 times its size: sheet “Menu”, row 3, column C.");
  });

  it("names the row alone where there is no column, the row and column alone in a CSV, and nothing where the server found no place", () => {
    expect(say("en", en, { row: 5001, column: "", sheet: "Menu", code: "tooManyRows" })).toBe("The file has more than 5,000 rows: sheet “Menu”, row 5001.");
    expect(say("ru", ru, { row: 2, column: "D", code: "cellTooLong" })).toBe("В ячейке больше 10 000 символов: строка 2, столбец D.");
    expect(say("zh", zh, { row: 5001, column: "", code: "tooManyRows" })).toBe("文件超过 5000 行：第 5001 行。");
    expect(say("en", en, { row: 1, column: "", code: "parseTooSlow" })).toBe("The file could not be read within 10 seconds");
  });

  it("is the preview's one error of a whole-file code, located or not; cell errors are a table", () => {
    expect(fileRefusalOf([{ row: 2, column: "C", sheet: "Menu", code: "cellTooLong" }])).toMatchObject({ code: "cellTooLong" });
    expect(fileRefusalOf([{ row: 1, column: "", code: "notASheet" }])).toMatchObject({ code: "notASheet" });
    expect(fileRefusalOf([{ row: 2, column: "Цена", code: "priceZero" }])).toBeUndefined();
  });
});
