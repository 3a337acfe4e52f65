/**
 * Any spreadsheet (issue 50, point 1): which column is which, guessed from realistic headers in
 * Russian, Belarusian and English and from the values' shapes (header-less sheets too); the draft
 * read with the guess or the owner's mapping; several sheets as categories or sections; the
 * owner's mapping remembered for the store in DynamoDB Local; and the whole read through the sheet
 * worker from real .xlsx and .csv files.
 */
import { randomUUID } from "node:crypto";
import writeXlsxFile from "write-excel-file/node";
import { afterAll, describe, expect, it } from "vitest";
import { clock, Db } from "@menu/core";
import { ImportRefusal } from "@menu/core/import/menu-import-errors";
import { IMPORT_ROWS_MAX } from "@menu/core/import/menu-import-limits";
import { DRAFT_ITEMS_MAX } from "@menu/core/import/reading/limits";
import { sheetDraft, type SheetMapping } from "@menu/core/import/reading/sheet-columns";
import { headersHash, REMEMBERED_MAX, rememberedMapping, rememberMapping } from "@menu/core/import/reading/sheet-columns-memory";
import { readOwnSheet } from "@menu/core/import/reading/sheet-columns-read";
import { readPrice, readWeight } from "@menu/core/import/reading/sheet-columns-values";

const one = (rows: string[][], name = "Лист1") => [{ name, rows }];
/** The draft's items as "category | title | price weight unit" lines, doubts after a "!". */
const lines = (read: Pick<ReturnType<typeof sheetDraft>, "draft">) =>
  read.draft.items.map(
    (i) => `${i.category} | ${i.title} | ${i.portions.map((p) => `${p.price} ${p.weight}${p.unit}`.trim()).join(", ")}${i.doubts.length ? ` !${[...i.doubts].sort().join(",")}` : ""}`,
  );

afterAll(() => clock.reset());

describe("guessing the columns from the header", () => {
  it("reads a Russian menu with a row number, a category column and a header's unit", () => {
    const read = sheetDraft(
      one([
        ["№", "Наименование блюда", "Категория", "Выход, г", "Цена, руб.", "Состав"],
        ["1", "Борщ", "Супы", "350", "8,50", "Свёкла, капуста, сметана"],
        ["2", "Солянка", "Супы", "300", "9", "Колбаса, оливки"],
        ["3", "Цезарь с курицей", "Салаты", "250", "12.5 руб", "Салат, курица, соус"],
      ]),
    );
    expect(read.columns.guess).toEqual({ columns: ["skip", "title", "category", "weight", "price", "description"], sheetsAs: "one" });
    expect(read.columns.headers[1]).toBe("Наименование блюда");
    expect(read.columns.samples[1]).toEqual(["Борщ", "Солянка", "Цезарь с курицей"]);
    expect(read.columns.remembered).toBe(false);
    expect(lines(read)).toEqual(["Супы | Борщ | 8.5 350g", "Супы | Солянка | 9 300g", "Салаты | Цезарь с курицей | 12.5 250g"]);
    expect(read.draft).toMatchObject({ source: "sheet", language: "ru", pages: 1, truncated: false });
    expect(read.draft.items[0]!.description).toBe("Свёкла, капуста, сметана");
  });

  it("reads a Belarusian menu", () => {
    const read = sheetDraft(
      one([
        ["Катэгорыя", "Назва", "Вага", "Кошт", "Апісанне"],
        ["Гарачыя стравы", "Дранікі з грыбамі", "250 г", "11,90", "Дранікі, грыбы, смятана"],
        ["Гарачыя стравы", "Мачанка", "300 г", "14,00", "Свіныя рэбры, блінцы"],
      ]),
    );
    expect(read.columns.guess.columns).toEqual(["category", "title", "weight", "price", "description"]);
    expect(lines(read)).toEqual(["Гарачыя стравы | Дранікі з грыбамі | 11.9 250g", "Гарачыя стравы | Мачанка | 14 300g"]);
    expect(read.draft.language).toBe("be");
  });

  it("reads an English menu with volumes and a drinks category", () => {
    const read = sheetDraft(
      one([
        ["Section", "Item", "Size", "Price, BYN", "Ingredients"],
        ["Drinks", "Lemonade", "0,5 l", "6.00", "Lemon, mint, soda"],
        ["Drinks", "Espresso", "50 ml", "4.5", ""],
      ]),
    );
    expect(read.columns.guess.columns).toEqual(["category", "title", "weight", "price", "description"]);
    expect(lines(read)).toEqual(["Drinks | Lemonade | 6 0.5l", "Drinks | Espresso | 4.5 50ml"]);
    expect(read.draft.items.map((i) => i.section)).toEqual(["drinks", "drinks"]);
    expect(read.draft.language).toBe("en");
  });
});

describe("header words", () => {
  it.each([
    [["Название позиции", "Группа", "Вес/Объём", "Стоимость, BYN", "Комментарий"], ["title", "category", "weight", "price", "description"]],
    [["Найменне", "Раздзел", "Аб’ём", "Цана, руб.", "Склад"], ["title", "category", "weight", "price", "description"]],
    [["Name", "Category", "Weight (g)", "Price", "Description"], ["title", "category", "weight", "price", "description"]],
    [["Dish", "Type", "Portion", "Cost", "Notes"], ["title", "category", "weight", "price", "description"]],
    [["Блюдо", "Цена 0,3 л", "Цена 0,5 л"], ["title", "price", "price"]],
  ])("reads %j", (headers, fields) => {
    expect(sheetDraft(one([headers, headers.map(() => "")])).columns.guess.columns).toEqual(fields);
  });
});

describe("guessing the columns from the values", () => {
  it("takes a header in words no list knows for a header when prices stand below it", () => {
    const read = sheetDraft(
      one([
        ["Что едим", "Сколько", "Почём"],
        ["Пельмени домашние", "300 г", "10,50"],
        ["Вареники с вишней", "250 г", "9,80"],
      ]),
    );
    expect(read.columns.headers).toEqual(["Что едим", "Сколько", "Почём"]);
    expect(read.columns.guess.columns).toEqual(["title", "weight", "price"]);
    expect(lines(read)).toEqual([" | Пельмени домашние | 10.5 300g", " | Вареники с вишней | 9.8 250g"]);
  });

  it("takes a first row holding a price for a row of the menu, though a word in it names a field", () => {
    const read = sheetDraft(one([["Блюдо дня", "8,50"], ["Суп с клёцками", "6"]]));
    expect(read.columns.headers).toEqual(["", ""]);
    expect(read.draft.items.map((i) => i.title)).toEqual(["Блюдо дня", "Суп с клёцками"]);
  });

  it("leaves out the menu's title above the header", () => {
    const read = sheetDraft(one([["Меню кафе «Берёзка»"], ["", ""], ["Блюдо", "Цена"], ["Борщ", "8,50"]]));
    expect(read.columns.headers).toEqual(["Блюдо", "Цена"]);
    expect(lines(read)).toEqual([" | Борщ | 8.5 g"]);
  });

  it("reads a sheet without a header row, its headings as categories", () => {
    const read = sheetDraft(
      one([
        ["Супы"],
        ["Борщ", "350 г", "8,50"],
        ["Солянка", "300 г", "9"],
        ["Салаты"],
        ["Цезарь", "250 г", "12.5 руб"],
        ["Оливье", "200 г", "7,20"],
      ]),
    );
    expect(read.columns.headers).toEqual(["", "", ""]);
    expect(read.columns.guess.columns).toEqual(["title", "weight", "price"]);
    expect(read.columns.samples[0]).toEqual(["Супы", "Борщ", "Солянка"]);
    expect(lines(read)).toEqual(["Супы | Борщ | 8.5 350g", "Супы | Солянка | 9 300g", "Салаты | Цезарь | 12.5 250g", "Салаты | Оливье | 7.2 200g"]);
  });

  it("tells a category repeated in runs, long descriptions, a row number, and grams from whole prices", () => {
    const rows = [
      ["1", "Завтраки", "Омлет с сыром", "Три яйца, сыр гауда, зелень, подаётся с тостом", "220", "7.5"],
      ["2", "Завтраки", "Сырники", "Творог, сметана и варенье из лесных ягод на выбор", "200", "8"],
      ["3", "Завтраки", "Каша овсяная", "На молоке, с маслом, мёдом и свежими ягодами", "250", "5.5"],
      ["4", "Обеды", "Суп дня", "Спросите у официанта, какой суп сегодня готовит повар", "300", "6"],
      ["5", "Обеды", "Котлета с пюре", "Домашняя котлета из говядины и свинины, пюре на молоке", "350", "11.9"],
    ];
    const read = sheetDraft(one(rows));
    expect(read.columns.headers.every((h) => h === "")).toBe(true);
    expect(read.columns.guess.columns).toEqual(["skip", "category", "title", "description", "weight", "price"]);
    expect(lines(read)[4]).toBe("Обеды | Котлета с пюре | 11.9 350g");
  });

  it("reads prices and weights as owners type them", () => {
    expect(["12,50", "12.5 руб", "12.50 р.", "BYN 12.5", "12,5 BYN", "12-50", "7"].map((p) => readPrice(p)?.price)).toEqual(["12.5", "12.5", "12.5", "12.5", "12.5", "12.5", "7"]);
    expect(readPrice("$5")).toEqual({ price: "5", currency: "USD" });
    expect(["", "бесплатно", "0", "5-7", "300 г", "от 5"].map((p) => readPrice(p))).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
    expect(["300 г", "0,5 л", "250мл", "2 шт", "300/50 г", "1,2 кг"].map((w) => readWeight(w))).toEqual([
      { weight: "300", unit: "g" },
      { weight: "0.5", unit: "l" },
      { weight: "250", unit: "ml" },
      { weight: "2", unit: "pieces" },
      { weight: "350", unit: "g" },
      { weight: "1.2", unit: "kg" },
    ]);
    expect(readWeight("300")).toBeUndefined();
    expect(readWeight("300", "ml")).toEqual({ weight: "300", unit: "ml" });
  });

  it("reads a portion per price column, its volume from the column's header", () => {
    const read = sheetDraft(one([["Напиток", "Цена 0,3 л", "Цена 0,5 л"], ["Пиво светлое", "4", "6,50"], ["Квас", "", "3"]]));
    expect(lines(read)).toEqual([" | Пиво светлое | 4 0.3l, 6.5 0.5l", " | Квас | 3 0.5l"]);
  });

  it("takes a row with a price and no title for another portion of the item above", () => {
    const read = sheetDraft(
      one([
        ["Название", "Вес", "Цена"],
        ["Пицца Маргарита", "30 см", ""],
        ["", "450 г", "15"],
        ["", "700 г", "22,50"],
        ["Пицца Пепперони", "450 г", "17"],
      ]),
    );
    expect(lines(read)).toEqual([" | Пицца Маргарита | 15 450g, 22.5 700g !weight", " | Пицца Пепперони | 17 450g"]);
  });

  it("marks what it could not read, and reads two portions of one row", () => {
    const read = sheetDraft(
      one([
        ["Название", "Объём", "Цена"],
        ["Морс", "300/500 мл", "3,50 / 5"],
        ["Чай", "много", "по запросу"],
        ["Компот", "200 мл", ""],
      ]),
    );
    expect(lines(read)).toEqual([" | Морс | 3.5 300ml, 5 500ml", " | Чай | g !price,weight", " | Компот | 200ml !price"]);
  });
});

describe("several sheets", () => {
  const kitchen = [
    ["Блюдо", "Вес", "Цена"],
    ["Борщ", "350 г", "8,50"],
  ];
  const bar = [
    ["Блюдо", "Вес", "Цена"],
    ["Пиво светлое", "0,5 л", "5"],
  ];
  const sheets = [
    { name: "Кухня", rows: kitchen },
    { name: "Бар", rows: bar },
  ];

  it("makes each sheet a category by default, each sheet's header left out", () => {
    const read = sheetDraft(sheets);
    expect(read.columns.sheets).toEqual(["Кухня", "Бар"]);
    expect(read.columns.guess.sheetsAs).toBe("categories");
    expect(lines(read)).toEqual(["Кухня | Борщ | 8.5 350g", "Бар | Пиво светлое | 5 0.5l"]);
    expect(read.draft.items.map((i) => i.section)).toEqual(["kitchen", "drinks"]);
    expect(read.draft.pages).toBe(2);
  });

  it("names the rows of a sheet by the sheet until a heading in it", () => {
    const read = sheetDraft([{ name: "Кухня", rows: [...kitchen, ["Десерты"], ["Медовик", "120 г", "6"]] }, sheets[1]!]);
    expect(read.draft.items.map((i) => i.category)).toEqual(["Кухня", "Десерты", "Бар"]);
  });

  it("makes each sheet a section when the owner picks it, the categories from the headings", () => {
    const mapping: SheetMapping = { columns: ["title", "weight", "price"], sheetsAs: "sections" };
    const read = sheetDraft(
      [
        { name: "Кухня", rows: [...kitchen, ["Десерты"], ["Медовик", "120 г", "6"]] },
        { name: "Напитки", rows: bar },
      ],
      mapping,
    );
    expect(read.draft.items.map((i) => `${i.section} ${i.category} ${i.title}`)).toEqual(["kitchen  Борщ", "kitchen Десерты Медовик", "drinks  Пиво светлое"]);
  });

  it("guesses sections when the categories are in a column", () => {
    const withCategory = (rows: string[][]) => rows.map((r, i) => [i ? "Основное" : "Категория", ...r]);
    const read = sheetDraft([
      { name: "Кухня", rows: withCategory(kitchen) },
      { name: "Бар", rows: withCategory(bar) },
    ]);
    expect(read.columns.guess.sheetsAs).toBe("sections");
    expect(read.draft.items.map((i) => `${i.section} ${i.category}`)).toEqual(["kitchen Основное", "drinks Основное"]);
  });
});

describe("the owner's mapping", () => {
  const rows = [
    ["Позиция", "Цена", "Комментарий"],
    ["Борщ", "8,50", "Хит"],
  ];

  it("reads the sheet with the owner's mapping, fitted to its columns, before the one remembered", () => {
    const remembered: SheetMapping = { columns: ["title", "price", "skip"], sheetsAs: "one" };
    expect(sheetDraft(one(rows), undefined, remembered).columns).toMatchObject({ guess: remembered, remembered: true });
    const chosen = sheetDraft(one(rows), { columns: ["title", "price", "category", "skip", "skip"], sheetsAs: "categories" }, remembered);
    expect(chosen.columns).toMatchObject({ guess: { columns: ["title", "price", "category"], sheetsAs: "one" }, remembered: false });
    expect(lines(chosen)).toEqual(["Хит | Борщ | 8.5 g"]);
    // A mapping remembered for other columns does not fit and is not used.
    expect(sheetDraft(one(rows), undefined, { columns: ["title", "price"], sheetsAs: "one" }).columns.remembered).toBe(false);
  });

  it("remembers it for the store in DynamoDB, by the header's names, the oldest replaced past the limit", async () => {
    const keys = { company_id: randomUUID(), store_id: randomUUID() };
    const other = { ...keys, store_id: randomUUID() };
    const headers = ["Позиция", "Цена", "Комментарий"];
    const mapping: SheetMapping = { columns: ["title", "price", "description"], sheetsAs: "one" };
    await rememberMapping(keys, headers, mapping);
    expect(await rememberedMapping(keys, [" позиция ", "ЦЕНА", "Комментарий"])).toEqual(mapping);
    expect(await rememberedMapping(keys, ["Позиция", "Цена"])).toBeUndefined();
    expect(await rememberedMapping(other, headers)).toBeUndefined();
    // A sheet without a header has nothing to be known by.
    await rememberMapping(keys, ["", ""], { columns: ["title", "price"], sheetsAs: "one" });
    expect(headersHash(["", ""])).toBeUndefined();
    expect(await rememberedMapping(keys, ["", ""])).toBeUndefined();
    // Chosen again: replaced, not added.
    const changed: SheetMapping = { ...mapping, columns: ["title", "price", "skip"] };
    await rememberMapping(keys, headers, changed);
    expect(await rememberedMapping(keys, headers)).toEqual(changed);
    for (let i = 0; i < REMEMBERED_MAX; i++) {
      clock.advance(1000);
      await rememberMapping(keys, [`Столбец ${i}`, "Цена"], { columns: ["title", "price"], sheetsAs: "one" });
    }
    const { data } = await Db().entities.sheetMapping.query.byStore(keys).go({ pages: "all" });
    expect(data).toHaveLength(REMEMBERED_MAX);
    expect(await rememberedMapping(keys, headers)).toBeUndefined();
    expect(await rememberedMapping(keys, ["Столбец 19", "Цена"])).toEqual({ columns: ["title", "price"], sheetsAs: "one" });
  });
});

describe("a file read through the sheet worker", () => {
  const keys = { company_id: randomUUID(), store_id: randomUUID() };
  const cells = (rows: (string | number)[][]) => rows.map((r) => r.map((value) => ({ value })));

  it("reads every sheet of a workbook, and remembers the mapping the owner sends", async () => {
    const bytes = await writeXlsxFile([
      { data: cells([["Блюдо", "Вес", "Цена"], ["Борщ", "350 г", 8.499999999]]), sheet: "Кухня" },
      { data: cells([["Блюдо", "Вес", "Цена"], ["Пиво светлое", "0,5 л", 5]]), sheet: "Бар" },
    ]).toBuffer();
    const guessed = await readOwnSheet(keys, "menu.xlsx", bytes);
    if (guessed instanceof ImportRefusal) throw guessed;
    expect(guessed.columns).toEqual({
      headers: ["Блюдо", "Вес", "Цена"],
      samples: [["Борщ"], ["350 г"], ["8.5"]],
      sheets: ["Кухня", "Бар"],
      guess: { columns: ["title", "weight", "price"], sheetsAs: "categories" },
      remembered: false,
    });
    expect(lines(guessed)).toEqual(["Кухня | Борщ | 8.5 350g", "Бар | Пиво светлое | 5 0.5l"]);
    const mapping: SheetMapping = { columns: ["title", "skip", "price"], sheetsAs: "sections" };
    const chosen = await readOwnSheet(keys, "menu.xlsx", bytes, mapping);
    if (chosen instanceof ImportRefusal) throw chosen;
    expect(chosen.draft.items.map((i) => `${i.section} ${i.title} ${i.portions[0]!.price}`)).toEqual(["kitchen Борщ 8.5", "drinks Пиво светлое 5"]);
    const next = await readOwnSheet(keys, "menu.xlsx", bytes);
    if (next instanceof ImportRefusal) throw next;
    expect(next.columns).toMatchObject({ guess: mapping, remembered: true });
  });

  it("reads a CSV saved by Excel on a Russian Windows (Windows-1251)", async () => {
    const text = "Наименование;Цена\r\nДраники;7,50\r\n";
    const cp1251 = Buffer.from([...text].map((c) => (c.charCodeAt(0) >= 0x410 && c.charCodeAt(0) <= 0x44f ? c.charCodeAt(0) - 0x410 + 0xc0 : c.charCodeAt(0))));
    const read = await readOwnSheet(keys, "меню.csv", cp1251);
    if (read instanceof ImportRefusal) throw read;
    expect(read.columns.sheets).toEqual(["меню"]);
    expect(read.draft.items.map((i) => `${i.title} ${i.portions[0]!.price}`)).toEqual(["Драники 7.5"]);
  });

  it("refuses a CSV in another code page rather than read it as Windows-1251 nonsense", async () => {
    // Two-byte characters as GBK writes Chinese (lead 0x81–0xFE, trail 0x40–0xFE), in fields and rows.
    let seed = 7;
    const next = (from: number, to: number) => from + ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % (to - from + 1));
    const field = () => Array.from({ length: 4 }, () => [next(0x81, 0xfe), next(0x80, 0xfe)]).flat();
    const bytes = Buffer.from(Array.from({ length: 30 }, () => [...field(), 0x3b, ...field(), 0x3b, 0x35, 0x0d, 0x0a]).flat());
    const read = await readOwnSheet(keys, "菜单.csv", bytes);
    expect(read instanceof ImportRefusal && read.code).toBe("unreadableEncoding");
  });

  it("counts the rows of every sheet against the import's limit, and keeps a draft within its own", async () => {
    const sheet = (name: string, from: number, count: number) => ({ sheet: name, data: cells(Array.from({ length: count }, (_, i) => [`Блюдо ${from + i}`, "5,50"])) });
    const tooMany = await writeXlsxFile([sheet("Кухня", 0, 2600), sheet("Бар", 2600, 2600)]).toBuffer();
    const refused = await readOwnSheet(keys, "menu.xlsx", tooMany);
    expect(refused instanceof ImportRefusal && refused.error).toEqual({ code: "tooManyRows", sheet: "Бар", row: IMPORT_ROWS_MAX - 2600 + 1, column: "" });
    const many = await readOwnSheet(keys, "menu.xlsx", await writeXlsxFile([sheet("Кухня", 0, 2400), sheet("Бар", 2400, 2400)]).toBuffer());
    if (many instanceof ImportRefusal) throw many;
    expect(many.draft.items).toHaveLength(DRAFT_ITEMS_MAX);
    expect(many.draft.truncated).toBe(true);
    expect(many.draft.items.at(-1)!.title).toBe(`Блюдо ${DRAFT_ITEMS_MAX - 1}`);
  });

  it("refuses a file that is no spreadsheet, and one where the guess read nothing, unless the owner chose the mapping", async () => {
    const read = await readOwnSheet(keys, "menu.xlsx", Buffer.from("not a zip"));
    expect(read instanceof ImportRefusal && read.code).toBe("notASheet");
    const numbers = Buffer.from("a,b,c\n1,2,3\n");
    const guessed = await readOwnSheet(keys, "numbers.csv", numbers);
    expect(guessed instanceof ImportRefusal && guessed.code).toBe("nothingRead");
    const chosen = await readOwnSheet(keys, "numbers.csv", numbers, { columns: ["skip", "skip", "skip"], sheetsAs: "one" });
    expect(chosen instanceof ImportRefusal ? chosen.code : chosen.draft.items).toEqual([]);
  });
});
