/**
 * Issue 50: a confirmed draft is imported as the export's rows. What draftCsv writes, the spreadsheet
 * import reads back (its header, its rows) as the same items: section, category, title,
 * description, every portion's weight, unit, price and currency.
 */
import { describe, expect, it } from "vitest";
import type { DraftItem, MenuDraft } from "../src/import/reading/draft";
import { draftCsv, placeOfRow } from "../src/import/reading/draft-rows";
import { headerOf, parseCsv, readItems } from "../src/import/menu-import-sheet";

const item = (over: Partial<DraftItem>): DraftItem => ({ section: "kitchen", category: "Супы", title: "Борщ", description: "", portions: [], doubts: [], ...over });
const draft = (items: DraftItem[]): MenuDraft => ({ source: "pdf", language: "ru", pages: 1, items, truncated: false });

async function readBack(text: string) {
  const table = parseCsv(text);
  const header = headerOf(table[0]!);
  expect(header?.lang).toBe("ru");
  return readItems(table, header!.lang, header!.at);
}

describe("a draft as the export's rows", () => {
  it("reads back as the same items: quoted texts, several portions, each unit and currency", async () => {
    const items = [
      item({ title: "Борщ", description: 'Со сметаной, "по-домашнему";\nс чесноком', portions: [{ weight: "300", unit: "g", price: "8.5", currency: "BYN" }] }),
      item({
        section: "drinks",
        category: "Пиво, сидр",
        title: "Лидское",
        portions: [
          { weight: "0.5", unit: "l", price: "5", currency: "BYN" },
          { weight: "1", unit: "l", price: "9.9", currency: "BYN" },
        ],
      }),
      item({ section: "drinks", category: "Кофе", title: "Эспрессо", portions: [{ weight: "40", unit: "ml", price: "3", currency: "USD" }] }),
      item({ section: "hookahs", category: "Кальяны", title: "=Классика", portions: [{ weight: "1.25", unit: "kg", price: "45", currency: "BYN" }] }),
      item({ section: "games", category: "Игры", title: "Мафия", portions: [{ weight: "2", unit: "pieces", price: "10", currency: "BYN" }] }),
    ];
    const { items: read, errors } = await readBack(draftCsv(draft(items)));
    expect(errors).toEqual([]);
    expect(read.map(({ section, categoryPath, title, description, portions }) => ({ section, categoryPath, title, description, portions }))).toEqual([
      { section: "kitchen", categoryPath: ["Супы"], title: "Борщ", description: 'Со сметаной, "по-домашнему";\nс чесноком', portions: [{ weight: "300", unit: "g", price: "8.5", currency: "BYN" }] },
      {
        section: "drinks",
        categoryPath: ["Пиво, сидр"],
        title: "Лидское",
        description: "",
        portions: [
          { weight: "0.5", unit: "l", price: "5", currency: "BYN" },
          { weight: "1", unit: "l", price: "9.9", currency: "BYN" },
        ],
      },
      { section: "drinks", categoryPath: ["Кофе"], title: "Эспрессо", description: "", portions: [{ weight: "40", unit: "ml", price: "3", currency: "USD" }] },
      { section: "hookahs", categoryPath: ["Кальяны"], title: "=Классика", description: "", portions: [{ weight: "1.25", unit: "kg", price: "45", currency: "BYN" }] },
      { section: "games", categoryPath: ["Игры"], title: "Мафия", description: "", portions: [{ weight: "2", unit: "pieces", price: "10", currency: "BYN" }] },
    ]);
  });

  it("gives a portion without weight one piece, a heading with ' / ' one level, an item without heading its section's name", async () => {
    const items = [
      item({ category: "Пиво / сидр", section: "drinks", title: "Сидр", portions: [{ weight: "", unit: "ml", price: "6", currency: "BYN" }] }),
      item({ category: "", title: "Драники", portions: [{ weight: "", unit: "g", price: "7.2", currency: "BYN" }] }),
    ];
    const { items: read, errors } = await readBack(draftCsv(draft(items)));
    expect(errors).toEqual([]);
    expect(read.map((i) => [i.categoryPath, i.portions])).toEqual([
      [["Пиво/сидр"], [{ weight: "1", unit: "pieces", price: "6", currency: "BYN" }]],
      [["Кухня"], [{ weight: "1", unit: "pieces", price: "7.2", currency: "BYN" }]],
    ]);
  });

  it("leaves a price it could not read empty, so the preview names its row, which maps back to the item and portion", async () => {
    const d = draft([
      item({ title: "Щи", portions: [{ weight: "300", unit: "g", price: "6", currency: "BYN" }] }),
      item({
        title: "Солянка",
        portions: [
          { weight: "250", unit: "g", price: "7", currency: "BYN" },
          { weight: "400", unit: "g", price: "", currency: "BYN" },
        ],
      }),
      item({ title: "Уха", portions: [] }),
    ]);
    const { errors } = await readBack(draftCsv(d));
    expect(errors.map((e) => [e.row, e.column, e.code])).toEqual([
      [4, "Цена", "required"],
      [5, "Цена", "required"],
    ]);
    expect(placeOfRow(d, 4)).toEqual({ item: 1, portion: 1 });
    expect(placeOfRow(d, 5)).toEqual({ item: 2, portion: 0 });
    expect(placeOfRow(d, 1)).toBeUndefined();
  });
});
