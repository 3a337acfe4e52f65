/**
 * The menu parser's rules one by one (issue 50, point 2): prices in their formats, weights and
 * volumes, several portions, dotted leaders, two columns, headings by size, weight, capitals and
 * place, descriptions, sections, language, doubts, the items' cap; and the readers' refusals (a PDF
 * without text, too many pages, bytes that are no PDF or no Word file).
 */
import { describe, expect, it } from "vitest";
import PDFDocument from "pdfkit";
import { Document, HeadingLevel, Packer, Paragraph, Tab, TextRun } from "docx";
import { ImportRefusal } from "../src/import/menu-import-errors";
import type { TextLine } from "../src/import/reading/draft";
import { docxLines } from "../src/import/reading/docx-lines";
import { DRAFT_ITEMS_MAX, MENU_PAGES_MAX } from "../src/import/reading/limits";
import { lineValues } from "../src/import/reading/menu-values";
import { parseMenu } from "../src/import/reading/parse-menu";
import { pdfLines } from "../src/import/reading/pdf-lines";
import { textLines } from "../src/import/reading/text-lines";
import { CORPUS_FONT_FILES } from "./menu-corpus";

const parseText = (text: string) => parseMenu(textLines(text), "text", 1);
const portions = (line: string) => lineValues(line).portions.map((p) => [p.weight, p.unit, p.price, p.currency].filter(Boolean).join(" "));

describe("a line's values", () => {
  it("reads prices in every format, decimals with a comma or a point", () => {
    expect(portions("Борщ 12,50")).toEqual(["g 12.5 BYN"]);
    expect(portions("Борщ 12.5")).toEqual(["g 12.5 BYN"]);
    expect(portions("Борщ 12,50 BYN")).toEqual(["g 12.5 BYN"]);
    expect(portions("Борщ 12,50 руб.")).toEqual(["g 12.5 BYN"]);
    expect(portions("Борщ 12 руб")).toEqual(["g 12 BYN"]);
    expect(portions("Борщ 12,45 р.")).toEqual(["g 12.45 BYN"]);
    expect(portions("Борщ 12 р. 50 к.")).toEqual(["g 12.5 BYN"]);
    expect(portions("Борщ 3 р. 05 коп.")).toEqual(["g 3.05 BYN"]);
    expect(portions("Borscht 12.50 Br")).toEqual(["g 12.5 BYN"]);
    expect(portions("Borscht 250 ₽")).toEqual(["g 250 BYN"]);
    expect(portions("Borscht $12.50")).toEqual(["g 12.5 USD"]);
    expect(portions("Борщ 12-50")).toEqual(["g 12.5 BYN"]);
    expect(portions("Борщ - 12-50 руб.")).toEqual(["g 12.5 BYN"]);
    expect(lineValues("Борщ со сметаной 12,50 руб.").title).toBe("Борщ со сметаной");
  });

  it("reads weights and volumes with their units, a dish with its sauce as the total", () => {
    expect(portions("Борщ, 300 г 12,50")).toEqual(["300 g 12.5 BYN"]);
    expect(portions("Борщ 300г 12,50")).toEqual(["300 g 12.5 BYN"]);
    expect(portions("Борщ (300 гр) 12,50")).toEqual(["300 g 12.5 BYN"]);
    expect(portions("Стейк 1,2 кг 80")).toEqual(["1.2 kg 80 BYN"]);
    expect(portions("Лимонад 0,5 л 6")).toEqual(["0.5 l 6 BYN"]);
    expect(portions("Капучино 250 мл 5,00")).toEqual(["250 ml 5 BYN"]);
    expect(portions("Хинкали 5 шт 12")).toEqual(["5 pieces 12 BYN"]);
    expect(portions("Dumplings 6 pcs 12.00")).toEqual(["6 pieces 12 BYN"]);
    expect(portions("Steak 250 g 25.00")).toEqual(["250 g 25 BYN"]);
    expect(portions("Cider 0.33 l 7")).toEqual(["0.33 l 7 BYN"]);
    expect(portions("Котлета 300/50 г 14,00")).toEqual(["350 g 14 BYN"]);
    expect(lineValues("Котлета 300/50 г 14,00").title).toBe("Котлета");
    // A price before its weight
    expect(portions("Борщ 12,50 / 300 г")).toEqual(["300 g 12.5 BYN"]);
  });

  it("reads several portions of one item", () => {
    expect(portions("Пиво светлое 0,3 л — 4 / 0,5 л — 6")).toEqual(["0.3 l 4 BYN", "0.5 l 6 BYN"]);
    expect(portions("Пиво\t0,3 л 4,50\t0,5 л 6,50")).toEqual(["0.3 l 4.5 BYN", "0.5 l 6.5 BYN"]);
    expect(lineValues("Пиво светлое 0,3 л — 4 / 0,5 л — 6").title).toBe("Пиво светлое");
  });

  it("reads through dotted leaders", () => {
    expect(lineValues("Борщ ........ 12,50")).toMatchObject({ title: "Борщ", portions: [{ price: "12.5" }] });
    expect(lineValues("Борщ . . . . . . 12,50")).toMatchObject({ title: "Борщ", portions: [{ price: "12.5" }] });
    expect(lineValues("Борщ ……… 12,50")).toMatchObject({ title: "Борщ", portions: [{ price: "12.5" }] });
    expect(lineValues("Борщ, 300 г..........12,50 руб.")).toMatchObject({ title: "Борщ", portions: [{ weight: "300", price: "12.5" }] });
  });

  it("leaves an item's number out of its title, and marks a price with three decimals", () => {
    expect(lineValues("1. Борщ 12,50").title).toBe("Борщ");
    expect(lineValues("12) Солянка 9").title).toBe("Солянка");
    expect(lineValues("7 злаков 5").title).toBe("7 злаков");
    expect(lineValues("Борщ 12,505")).toMatchObject({ portions: [{ price: "12.51" }], doubts: ["price"] });
    expect(lineValues("Борщ 12,50").doubts).toEqual([]);
  });

  it("reads a letter-spaced heading as its word", () => {
    expect(lineValues("С А Л А Т Ы").title).toBe("САЛАТЫ");
    expect(lineValues("Чай с мёдом 3").title).toBe("Чай с мёдом");
  });

  it("keeps numbers that are part of a title", () => {
    expect(lineValues("Коктейль B-52 12,00")).toMatchObject({ title: "Коктейль B-52", portions: [{ price: "12" }] });
    expect(lineValues("Пицца 4 сыра 15,00")).toMatchObject({ title: "Пицца 4 сыра", portions: [{ price: "15" }] });
    expect(lineValues("Пицца 4 сыра")).toMatchObject({ title: "Пицца 4 сыра", portions: [], valueless: true });
  });

  it("marks a price an OCR misread, read with its look-alike letters as digits", () => {
    expect(lineValues("Борщ 12,5O")).toMatchObject({ title: "Борщ", portions: [{ price: "12.5" }], doubts: ["price"] });
    // Roubles in Latin look-alikes
    expect(portions("Борщ 12,50 py6.")).toEqual(["g 12.5 BYN"]);
    expect(portions("Борщ 12 p. 50 k.")).toEqual(["g 12.5 BYN"]);
  });
});

describe("parseMenu on pasted text", () => {
  it("finds headings by capitals, by '#' and by a line without price before priced ones, descriptions under titles", () => {
    const draft = parseText(
      [
        "Кафе «Берёзка»",
        "",
        "САЛАТЫ",
        "Цезарь с курицей — 12,50",
        "Курица, романо, пармезан",
        "Оливье — 8",
        "## Супы",
        "Борщ — 7,50",
        "",
        "Десерты",
        "Медовик — 5",
      ].join("\n"),
    );
    expect(draft.items.map((i) => [i.category, i.title, i.portions[0]?.price, i.description])).toEqual([
      ["Салаты", "Цезарь с курицей", "12.5", "Курица, романо, пармезан"],
      ["Салаты", "Оливье", "8", ""],
      ["Супы", "Борщ", "7.5", ""],
      ["Десерты", "Медовик", "5", ""],
    ]);
    expect(draft.language).toBe("ru");
  });

  it("puts categories in sections by their names, or by the section heading above them", () => {
    const draft = parseText(["# Кухня", "## Супы", "Борщ 7", "# Напитки", "## Фирменное", "Морс 3", "## Кальяны", "Классический 40", "## Десерты", "Медовик 5"].join("\n"));
    expect(draft.items.map((i) => [i.category, i.section])).toEqual([
      ["Супы", "kitchen"],
      ["Фирменное", "drinks"],
      ["Кальяны", "hookahs"],
      // Under the drinks heading still: a section's heading holds until the next one.
      ["Десерты", "drinks"],
    ]);
    expect(parseText("Drinks\nCola 3\nTea 2").items.map((i) => i.section)).toEqual(["drinks", "drinks"]);
    expect(parseText("Напоі\nКава 3").items[0]).toMatchObject({ section: "drinks" });
    for (const heading of ["Винная карта", "Пивная карта", "Безалкогольные напитки", "Минеральная вода", "Гарачыя напоі", "Spirits", "Кальянная карта"]) {
      expect(parseText(`${heading}\nПозиция 3`).items[0]!.section, heading).not.toBe("kitchen");
    }
    for (const heading of ["Закуски к пиву", "Винегреты", "Бараньи рёбра", "Сосиски"]) expect(parseText(`${heading}\nПозиция 3`).items[0]!.section, heading).toBe("kitchen");
  });

  it("gives a portion without weight the section's unit", () => {
    const draft = parseText("Супы\nБорщ 7\n\nНапитки\nЧай 3\nКола 0,5 л 4");
    expect(draft.items.map((i) => i.portions[0])).toEqual([
      { weight: "", unit: "g", price: "7", currency: "BYN" },
      { weight: "", unit: "ml", price: "3", currency: "BYN" },
      { weight: "0.5", unit: "l", price: "4", currency: "BYN" },
    ]);
  });

  it("guesses the language: Belarusian by і and ў, English by Latin letters", () => {
    expect(parseText("Супы\nХаладнік з бульбай 6\nБоршч ўкраінскі 7").language).toBe("be");
    expect(parseText("Soups\nTomato soup 6").language).toBe("en");
  });

  it("takes a price set on the line below its title, and marks an item without a price", () => {
    const draft = parseText("Супы\nБорщ украинский с пампушками\n12,50\nСырники со сметаной, 200 г\nСолянка 8");
    expect(draft.items.map((i) => [i.title, i.portions[0]!.weight, i.portions[0]!.price, i.doubts])).toEqual([
      ["Борщ украинский с пампушками", "", "12.5", []],
      ["Сырники со сметаной", "200", "", ["price"]],
      ["Солянка", "", "8", []],
    ]);
  });

  it("reads a menu pasted from a chat or a PDF viewer: hyphens, wide spaces, bullets, a colon after the heading", () => {
    const draft = parseText(["Горячие блюда:", "• Драники с грибами - 12.50р", "• Колдуны   300 г   14-00", "", "НАПИТКИ:", "- Морс клюквенный 0,3 л - 3 руб"].join("\n"));
    expect(draft.items.map((i) => [i.category, i.section, i.title, i.portions[0]!.weight, i.portions[0]!.price])).toEqual([
      ["Горячие блюда", "kitchen", "Драники с грибами", "", "12.5"],
      ["Горячие блюда", "kitchen", "Колдуны", "300", "14"],
      ["Напитки", "drinks", "Морс клюквенный", "0.3", "3"],
    ]);
  });

  it("reads a menu pasted from a messenger: emoji, 'Цена:', 'от'", () => {
    const draft = parseText(["🍲 СУПЫ 🍲", "🔥 Борщ со сметаной. Цена: 12 руб", "Солянка — 9,50 руб. 💯", "", "🍕 Пицца", "Маргарита от 15 р.", "Пепперони ... 18 руб. 50 коп."].join("\n"));
    expect(draft.items.map((i) => [i.category, i.title, i.portions[0]!.price])).toEqual([
      ["Супы", "Борщ со сметаной", "12"],
      ["Супы", "Солянка", "9.5"],
      ["Пицца", "Маргарита", "15"],
      ["Пицца", "Пепперони", "18.5"],
    ]);
    // A price "from" is the least one: the owner checks it.
    expect(draft.items.map((i) => i.doubts)).toEqual([[], [], ["price"], []]);
  });

  it("skips a table's header row and reads tab-separated cells", () => {
    const draft = parseText("Салаты\nБлюдо\tВыход\tЦена\nЦезарь\t250 г\t12,50");
    expect(draft.items).toEqual([{ section: "kitchen", category: "Салаты", title: "Цезарь", description: "", portions: [{ weight: "250", unit: "g", price: "12.5", currency: "BYN" }], doubts: [] }]);
  });

  it("gives a table's bare numbers the units its header names, up to the next header", () => {
    const draft = parseText(
      ["Салаты", "Блюдо\tВыход, г\tЦена, руб.", "Цезарь\t250\t12,50", "Оливье\t\t8", "Напитки", "Напиток\tОбъём (мл)\tPrice, $", "Морс\t300\t3.50", "Пиво\t0,3 л — 4 / 0,5 л — 6"].join("\n"),
    );
    expect(draft.items.map((i) => [i.category, i.title, i.portions.map((p) => `${p.weight} ${p.unit} ${p.price} ${p.currency}`)])).toEqual([
      ["Салаты", "Цезарь", ["250 g 12.5 BYN"]],
      ["Салаты", "Оливье", [" g 8 BYN"]],
      ["Напитки", "Морс", ["300 ml 3.5 USD"]],
      ["Напитки", "Пиво", ["0.3 l 4 USD", "0.5 l 6 USD"].map((p) => p.replace("USD", "BYN"))],
    ]);
    // Without a unit in the header a bare weight cannot be told from a price: it is left out.
    expect(parseText("Супы\nБлюдо\tВыход\tЦена\nБорщ\t300\t7").items[0]!.portions).toEqual([{ weight: "", unit: "g", price: "7", currency: "BYN" }]);
  });

  it(`keeps at most ${DRAFT_ITEMS_MAX} items and says the menu was cut`, () => {
    const text = Array.from({ length: DRAFT_ITEMS_MAX + 5 }, (_, i) => `Блюдо ${i} — ${i + 1},50`).join("\n");
    const draft = parseText(`Горячее\n${text}`);
    expect(draft.items).toHaveLength(DRAFT_ITEMS_MAX);
    expect(draft.truncated).toBe(true);
    expect(parseText("Борщ 7").truncated).toBe(false);
  });
});

describe("parseMenu on positioned lines", () => {
  const line = (text: string, x: number, y: number, height = 10, bold = false, page = 1): TextLine => ({ text, page, x, y, width: text.length * height * 0.5, height, bold });

  it("finds headings by size and by weight, descriptions by a smaller size", () => {
    const draft = parseMenu(
      [
        line("Горячее", 40, 40, 16, true),
        line("Драники", 40, 70),
        line("12,00", 500, 70),
        line("картофель, лук, сметана", 40, 82, 8),
        line("Мачанка", 40, 100),
        line("18,00", 500, 100),
        line("Десерты", 40, 130, 10, true),
        line("Медовик", 40, 150),
        line("6,00", 500, 150),
      ],
      "pdf",
      1,
    );
    expect(draft.items.map((i) => [i.category, i.title, i.portions[0]!.price, i.description])).toEqual([
      ["Горячее", "Драники", "12", "картофель, лук, сметана"],
      ["Горячее", "Мачанка", "18", ""],
      ["Десерты", "Медовик", "6", ""],
    ]);
  });

  it("reads a two-column page column by column, the full-width title first", () => {
    const lines = [line("Кафе «Берёзка»", 200, 20, 20, true)];
    const left = ["Суп дня", "Солянка", "Окрошка", "Уха"];
    const right = ["Чай чёрный", "Чай зелёный", "Кофе", "Какао"];
    lines.push(line("Супы", 48, 60, 14, true), line("Напитки", 309, 60, 14, true));
    for (const [i, title] of left.entries()) lines.push(line(title, 48, 90 + i * 16), line(`${i + 5},00`, 260, 90 + i * 16));
    for (const [i, title] of right.entries()) lines.push(line(title, 309, 90 + i * 16), line(`${i + 2},50`, 520, 90 + i * 16));
    const draft = parseMenu(lines, "pdf", 1);
    expect(draft.items.map((i) => `${i.category}/${i.title}/${i.portions[0]!.price}`)).toEqual([
      "Супы/Суп дня/5",
      "Супы/Солянка/6",
      "Супы/Окрошка/7",
      "Супы/Уха/8",
      "Напитки/Чай чёрный/2.5",
      "Напитки/Чай зелёный/3.5",
      "Напитки/Кофе/4.5",
      "Напитки/Какао/5.5",
    ]);
    expect(draft.items.at(-1)!.section).toBe("drinks");
  });

  it("joins a title wrapped over two lines, the rest with the price on the second", () => {
    const draft = parseMenu(
      [line("Горячее", 40, 10, 14, true), line("Стейк из мраморной говядины", 40, 40), line("с овощами гриль ........ 32,00", 40, 52), line("Котлета по-киевски ........ 18,00", 40, 70)],
      "pdf",
      1,
    );
    expect(draft.items.map((i) => [i.title, i.portions[0]!.price])).toEqual([
      ["Стейк из мраморной говядины с овощами гриль", "32"],
      ["Котлета по-киевски", "18"],
    ]);
    // Pasted text: only a rest in lower case continues a title.
    expect(parseText("Горячее\nСтейк из мраморной говядины\nс овощами гриль 32\nКотлета 18").items.map((i) => i.title)).toEqual(["Стейк из мраморной говядины с овощами гриль", "Котлета"]);
  });

  it("reads what an OCR makes of a photo: a lost comma, a lost unit after a bracket, specks before a price, '|' for l, a short heading after a gap", () => {
    const draft = parseMenu(
      [
        line("Супы", 40, 10, 14, true),
        line("Борщ (300 гр)", 40, 40),
        line("‚ 12,50 р", 400, 40),
        line("Солянка (350", 40, 60),
        line("11,90 р.", 400, 60),
        line("Уха (300 гр)", 40, 80),
        line("1790 р", 400, 80),
        line("Лимонады", 40, 130, 8),
        line("Напиток\tОбъём, |\tЦена", 40, 150, 8),
        line("Морс", 40, 170),
        line("0,3", 300, 170),
        line("5,00", 400, 170),
      ],
      "photo",
      1,
    );
    expect(draft.items.map((i) => [i.category, i.title, i.portions.map((p) => `${p.weight}${p.unit} ${p.price}`).join(), i.doubts])).toEqual([
      ["Супы", "Борщ", "300g 12.5", []],
      ["Супы", "Солянка", "g 11.9", []],
      ["Супы", "Уха", "300g 17.9", ["price"]],
      ["Лимонады", "Морс", "0.3l 5", []],
    ]);
  });

  it("marks a title the OCR was unsure of, and a priced line set like a heading", () => {
    const draft = parseMenu([line("Супы", 40, 10, 14, true), { ...line("Борщ 7,00", 40, 40), confidence: 41 }, line("Бизнес-ланч 15,00", 40, 60, 16, true), line("Солянка 8", 40, 90)], "photo", 1);
    expect(draft.items.map((i) => i.doubts)).toEqual([["title"], ["heading"], []]);
  });
});

describe("the readers' refusals", () => {
  const pdf = async (pages: number, draw: (doc: PDFKit.PDFDocument) => void) => {
    const doc = new PDFDocument({ autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    const done = new Promise<Buffer>((ok) => doc.on("end", () => ok(Buffer.concat(chunks))));
    for (let i = 0; i < pages; i++) {
      doc.addPage();
      draw(doc);
    }
    doc.end();
    return new Uint8Array(await done);
  };
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => "read",
      (error: unknown) => (error instanceof ImportRefusal ? error.code : `thrown: ${String(error)}`),
    );

  it("reads a PDF's lines with their size, weight and page", async () => {
    const bytes = await pdf(2, (doc) => {
      doc.font(CORPUS_FONT_FILES.sans.bold).fontSize(16).text("Супы", 50, 50);
      doc.font(CORPUS_FONT_FILES.sans.regular).fontSize(10).text("Борщ", 50, 80, { lineBreak: false }).text("12,50", 400, 80, { lineBreak: false });
    });
    const { lines, pages } = await pdfLines(bytes);
    expect(pages).toBe(2);
    expect(lines.filter((l) => l.page === 1).map((l) => [l.text, Math.round(l.height), l.bold])).toEqual([
      ["Супы", 16, true],
      ["Борщ", 10, false],
      ["12,50", 10, false],
    ]);
  });

  it("refuses a PDF without text, one of too many pages, bytes that are no PDF and a PDF that does not open", async () => {
    expect(await refusal(pdfLines(await pdf(1, (doc) => doc.rect(50, 50, 100, 100).fill("#000"))))).toBe("noTextLayer");
    expect(await refusal(pdfLines(await pdf(MENU_PAGES_MAX + 1, (doc) => doc.text("Борщ 12"))))).toBe("tooManyPages");
    expect(await refusal(pdfLines(new TextEncoder().encode("Борщ 12,50")))).toBe("unknownFileKind");
    expect(await refusal(pdfLines(new TextEncoder().encode("%PDF-1.7\nnothing else")))).toBe("notASheet");
  });

  it("reads a Word file's headings and bold paragraphs, and refuses bytes that are no Word file", async () => {
    const bytes = await Packer.toBuffer(
      new Document({ sections: [{ children: [new Paragraph({ heading: HeadingLevel.HEADING_2, children: [new TextRun("Супы")] }), new Paragraph({ children: [new TextRun({ children: ["Борщ", new Tab(), "12,50"], bold: true })] })] }] }),
    );
    const { lines } = await docxLines(new Uint8Array(bytes));
    expect(lines.map((l) => [l.text, l.height > 1, l.bold])).toEqual([
      ["Супы", true, true],
      ["Борщ\t12,50", false, true],
    ]);
    expect(await refusal(docxLines(new TextEncoder().encode("Борщ 12,50")))).toBe("unknownFileKind");
  });
});
