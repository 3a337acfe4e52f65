import { PRICE_MAX, WEIGHT_MAX } from "@menu/core/item/schemas";
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import type { MessageId } from "./catalogs";
import en from "./messages/en.json";
import ru from "./messages/ru.json";
import zh from "./messages/zh.json";

/**
 * Issue 33: the English and Chinese interfaces show no Russian. The only Cyrillic allowed is an
 * example of what a Russian menu says, where the hint is about the menu's own words.
 */
const MENU_TEXT_EXAMPLES: Record<string, string[]> = {
  "glossary.abbreviationHint": ["с/м"],
  "glossary.fullFormHint": ["свежемороженый"],
};

const CYRILLIC = /[\u0400-\u04FF\u0500-\u052F]+/g;

/** Each message with Cyrillic in it, less the menu-text examples it may quote. */
function russianLeft(catalog: Record<string, string>) {
  return Object.entries(catalog).flatMap(([key, text]) => {
    const allowed = MENU_TEXT_EXAMPLES[key] ?? [];
    const rest = allowed.reduce((t, example) => t.replaceAll(example, ""), text);
    return rest.match(CYRILLIC) ? [`${key}: ${text}`] : [];
  });
}

describe("interface catalogs", () => {
  it("have no Russian in English and Chinese (menu-text examples aside)", () => {
    expect(russianLeft(en)).toEqual([]);
    expect(russianLeft(zh)).toEqual([]);
  });

  it("name a message that still has Russian, such as a payer-number hint saying УНП", () => {
    expect(russianLeft({ "requisites.vatHint": "УНП: 9 digits", "glossary.fullFormHint": "e.g. свежемороженый", ok: "Table 7" })).toEqual([
      "requisites.vatHint: УНП: 9 digits",
    ]);
  });

  it("say what is wrong with a price, a weight or a payer number in all three languages", () => {
    const say = (locale: string, messages: Record<string, string>, id: MessageId, values?: Record<string, number>) =>
      createIntl({ locale, messages }).formatMessage({ id }, values).replace(/\u00A0|\u202F/g, " ");
    expect(say("ru", ru, "menuAdmin.validation.decimals", { n: 2 })).toBe("Не больше 2 знаков после запятой");
    expect(say("en", en, "menuAdmin.validation.decimals", { n: 2 })).toBe("At most 2 decimal places");
    expect(say("zh", zh, "menuAdmin.validation.decimals", { n: 3 })).toBe("最多 3 位小数");
    expect(say("ru", ru, "menuAdmin.validation.atMost", { max: PRICE_MAX })).toBe("Не больше 9 999 999,99");
    expect(say("en", en, "menuAdmin.validation.atMost", { max: WEIGHT_MAX })).toBe("At most 999,999.999");
    expect(say("zh", zh, "menuAdmin.validation.atMost", { max: PRICE_MAX })).toBe("不能超过 9,999,999.99");
    expect(say("ru", ru, "validation.checksum")).toBe("Контрольная цифра не совпадает");
    expect(say("en", en, "validation.checksum")).toBe("Checksum does not match");
    expect(say("zh", zh, "validation.unpFormat")).toBe("须为 9 位数字，首位为 1 至 7");
  });
});
