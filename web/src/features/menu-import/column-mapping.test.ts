/**
 * The column mapping (issue 50, point 1), rendered as the page renders it: a select per column
 * labelled by its header (or its letters), its first values beside it, the guess chosen, and the
 * sheets' choice only for a workbook of several sheets.
 */
import type { SheetColumns } from "@menu/core/import/reading/sheet-columns-mapping";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { IntlProvider } from "react-intl";
import { describe, expect, it } from "vitest";
import en from "@/i18n/messages/en.json";
import ru from "@/i18n/messages/ru.json";
import { ColumnMappingForm } from "./column-mapping";

const render = (columns: SheetColumns, messages: Record<string, string> = ru, locale = "ru") =>
  renderToStaticMarkup(createElement(IntlProvider, { locale, messages }, createElement(ColumnMappingForm, { columns, onChange: () => {} })));

/** Each select's label, chosen option, and the text that describes it. */
function selects(html: string) {
  const labels = new Map([...html.matchAll(/<label class="column-mapping__header" for="([^"]+)"[^>]*>([^<]*)<\/label>/g)].map((m) => [m[1], m[2]]));
  const described = new Map([...html.matchAll(/<p id="([^"]+)" class="column-mapping__samples">([^<]*)<\/p>/g)].map((m) => [m[1], m[2]]));
  return [...html.matchAll(/<select id="([^"]+)"[^>]*aria-describedby="([^"]+)"[^>]*>(.*?)<\/select>/g)].map((m) => ({
    label: labels.get(m[1]),
    chosen: /<option value="(\w+)" selected="">/.exec(m[3]!)?.[1],
    options: [...m[3]!.matchAll(/<option value="\w+"[^>]*>([^<]*)</g)].map((o) => o[1]),
    describedBy: described.get(m[2]),
  }));
}

const columns: SheetColumns = {
  headers: ["Наименование", "", "Цена, руб"],
  guess: { columns: ["title", "skip", "price"], sheetsAs: "one" },
  samples: [["Борщ", "Солянка", "Цезарь"], [], ["8,50", "9", "12,50"]],
  sheets: ["Лист1"],
  remembered: false,
};

describe("the column mapping", () => {
  it("labels each column's select by its header, or by its letters when it has none, with its first values", () => {
    const found = selects(render(columns));
    expect(found.map(({ label, chosen, describedBy }) => ({ label, chosen, describedBy }))).toEqual([
      { label: "Наименование", chosen: "title", describedBy: "Например: Борщ · Солянка · Цезарь" },
      { label: "Столбец B", chosen: "skip", describedBy: "Столбец пуст" },
      { label: "Цена, руб", chosen: "price", describedBy: "Например: 8,50 · 9 · 12,50" },
    ]);
    expect(found[0]!.options).toEqual(["Название блюда", "Категория", "Цена", "Вес или объём", "Описание, состав", "Не загружать"]);
  });

  it("offers sheets as categories or sections only for several sheets, and says when the mapping was remembered", () => {
    expect(render(columns)).not.toContain("column-mapping-sheets");
    const html = render({ ...columns, sheets: ["Кухня", "Бар"], guess: { ...columns.guess, sheetsAs: "sections" }, remembered: true }, en, "en");
    expect(html).toContain("The spreadsheet has 2 sheets: Кухня, Бар");
    expect([...html.matchAll(/<input [^>]*type="radio"([^>]*)>/g)].map(([, attrs]) => `${/value="(\w+)"/.exec(attrs!)?.[1]}${attrs!.includes("checked") ? " checked" : ""}`)).toEqual(["categories", "sections checked"]);
    expect(html).toContain("As you chose last time");
  });
});
