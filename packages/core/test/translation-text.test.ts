import { describe, expect, it } from "vitest";
import { expandGlossary, preparedSource, segmentsOf, usesAbbreviation } from "@menu/core/translation/text";

const delta = (ops: unknown[]) => JSON.stringify({ ops });
const upper = (texts: string[]) => texts.map((t) => t.toUpperCase());

describe("rich-text segments", () => {
  const source = delta([
    { insert: "Суп дня" },
    { insert: "\n", attributes: { header: 2 } },
    { insert: "Томатный " },
    { insert: "с базиликом", attributes: { bold: true, italic: true } },
    { insert: ", 300 г  " },
    { insert: "рецепт", attributes: { link: "https://example.com/r" } },
    { insert: "\n" },
    { insert: "острый" },
    { insert: "\n", attributes: { list: "bullet" } },
    { insert: { image: "x.png" } },
    { insert: "250\n" },
  ]);

  it("sends only the text runs, without markup, spaces or number-only runs", () => {
    expect(segmentsOf(source, "rich").segments).toEqual(["Суп дня", "Томатный", "с базиликом", ", 300 г", "рецепт", "острый"]);
  });

  it("puts translations back keeping every attribute, link, line format, embed and space", () => {
    const { segments, rebuild } = segmentsOf(source, "rich");
    const out = JSON.parse(rebuild(upper(segments))) as { ops: { insert: unknown; attributes?: unknown }[] };
    const original = JSON.parse(source) as { ops: { insert: unknown; attributes?: unknown }[] };
    expect(out.ops.map((o) => o.attributes)).toEqual(original.ops.map((o) => o.attributes));
    expect(out.ops.map((o) => o.insert)).toEqual([
      "СУП ДНЯ", "\n", "ТОМАТНЫЙ ", "С БАЗИЛИКОМ", ", 300 Г  ", "РЕЦЕПТ", "\n", "ОСТРЫЙ", "\n", { image: "x.png" }, "250\n",
    ]);
  });

  it("keeps broken or empty content as it is", () => {
    expect(segmentsOf("{not json", "rich")).toMatchObject({ segments: [] });
    expect(segmentsOf("{not json", "rich").rebuild([])).toBe("{not json");
    expect(segmentsOf("", "plain").segments).toEqual([]);
  });

  it("treats a title as one segment with its edge spaces kept", () => {
    const { segments, rebuild } = segmentsOf(" Борщ ", "plain");
    expect(segments).toEqual(["Борщ"]);
    expect(rebuild(["Borscht"])).toBe(" Borscht ");
  });

  it("cuts lines (a store's phone notes) into one segment each, keeping empty lines in place", () => {
    const { segments, rebuild } = segmentsOf("Бронирование\n\n24/7\nДоставка", "lines");
    expect(segments).toEqual(["Бронирование", "Доставка"]);
    expect(rebuild(["Booking", "Home\ndelivery"])).toBe("Booking\n\n24/7\nHome delivery");
  });
});

describe("glossary expansion", () => {
  const glossary = [
    { abbreviation: "с/м", full_form: "свежемороженый" },
    { abbreviation: "с", full_form: "со" },
    { abbreviation: "шт", full_form: "штука" },
  ];

  it("expands whole words only, longer abbreviations first", () => {
    expect(expandGlossary("Креветки с/м, 5 шт.", glossary)).toBe("Креветки свежемороженый, 5 штука.");
    expect(expandGlossary("штрудель с сыром", glossary)).toBe("штрудель со сыром");
    expect(expandGlossary("часы", glossary)).toBe("часы");
  });

  it("keeps the case of the match", () => {
    expect(expandGlossary("С/м креветки", glossary)).toBe("Свежемороженый креветки");
    expect(expandGlossary("С/М КРЕВЕТКИ", glossary)).toBe("СВЕЖЕМОРОЖЕНЫЙ КРЕВЕТКИ");
  });

  it("escapes the abbreviation (no regular-expression surprises)", () => {
    expect(expandGlossary("a.b and axb", [{ abbreviation: "a.b", full_form: "ab" }])).toBe("ab and axb");
  });

  it("tells whether a text uses an abbreviation", () => {
    expect(usesAbbreviation("Креветки с/м", "с/м")).toBe(true);
    expect(usesAbbreviation("Креветки свежие", "с/м")).toBe(false);
  });
});

describe("source hash", () => {
  const text = delta([{ insert: "Креветки с/м", attributes: { bold: true } }, { insert: "\n" }]);
  const glossary = [{ abbreviation: "с/м", full_form: "свежемороженый" }];

  it("is the same for the same text, format and glossary", () => {
    expect(preparedSource(text, "rich", glossary).hash).toBe(preparedSource(text, "rich", [...glossary]).hash);
  });

  it("changes with the text, a format or a glossary entry that the text uses", () => {
    const base = preparedSource(text, "rich", glossary).hash;
    expect(preparedSource(text.replace("Креветки", "Мидии"), "rich", glossary).hash).not.toBe(base);
    expect(preparedSource(text.replace('"bold":true', '"italic":true'), "rich", glossary).hash).not.toBe(base);
    expect(preparedSource(text, "rich", [{ abbreviation: "с/м", full_form: "замороженный" }]).hash).not.toBe(base);
    expect(preparedSource(text, "rich", [...glossary, { abbreviation: "шт", full_form: "штука" }]).hash).toBe(base);
  });

  it("gives the engine the expanded segments", () => {
    expect(preparedSource(text, "rich", glossary).segments).toEqual(["Креветки свежемороженый"]);
  });
});
