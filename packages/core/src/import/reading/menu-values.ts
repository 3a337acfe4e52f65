/**
 * An item's line split into its title and its portions (issue 50): what stands at the line's end —
 * prices ("12,50", "12.5 BYN", "12,50 руб.", "12-50", "12 р. 50 к.", "$12.50", "12 Br", "₽"), weights and
 * volumes ("300 г", "300г", "0,5 л", "2 шт", "300/50 g") and the separators between them (dotted
 * leaders, tabs, "—", "/") — is read from the right, token by token, until the title's words start.
 * "300/50 г" (a dish with its sauce) is read as the portion's total, 350 g: what is served.
 * A rouble sign or "руб." is read as BYN, the menus' currency (Russian roubles are not sold in).
 */
import type { DraftDoubt, DraftPortion } from "./draft";

const NUM = String.raw`\d{1,6}(?:[.,]\d{1,3})?`;
/** A value starts the line or follows white space, a bracket or a separator ("B-52" has no number). */
const START = String.raw`(?:^|(?<=[\s(\/|;:—–…‚„'\u0060´~*]|(?:^|\s)-|\.\.))`;
const UNIT = String.raw`(кг|гр|г|мл|л|шт|kg|gr|g|ml|l|pcs|pc|pieces)\.?`;
/** "300/50 г" is written without spaces; "4 / 0,5 л" is a price, then the next portion's volume. */
const WEIGHT = new RegExp(`${START}(${NUM}(?:\\/${NUM})*)\\s*${UNIT}$`, "iu");
/** Roubles also as an OCR reads them in Latin look-alikes ("py6.", "p."). */
const CURRENCY = String.raw`(byn|бел\.?\s*руб\.?|[рp][уy][бb6]\.?|рублей|[рp]\.?|₽|br|usd|\$)`;
const DOLLARS = new RegExp(`${START}\\$\\s*(${NUM})$`, "iu");
const KOPECKS = new RegExp(`${START}(\\d{1,6})\\s*(?:[рp]|[рp][уy][бb6])\\.?\\s*(\\d{1,2})\\s*(?:[кk]|коп)\\.?$`, "iu");
/** A price's number may also be written "12-50" (roubles-kopecks), as Belarusian menus often do. */
const PRICE = new RegExp(`${START}(${NUM}|\\d{1,6}-\\d{2})\\s*${CURRENCY}?$`, "iu");
/** Between values: white space, leaders, dashes, slashes, brackets, and the marks an OCR makes of specks ("‚ 6,00"). */
const SEPARATOR = /[\s.…·_|/;:,()—–\-‚„'`´~*]+$/u;
/** What an OCR makes of digits: letters that look like them. */
const LOOSE_PRICE = /(?<=\s)([\dOoОоlIЗз]{1,5}(?:[.,][\dOoОоlIЗз]{1,2})?)$/u;
const LOOKALIKES: Record<string, string> = { O: "0", o: "0", О: "0", о: "0", l: "1", I: "1", З: "3", з: "3" };

/** What may stand before a title: bullets, dashes, emoji (a menu pasted from a messenger). */
export const LEADING_MARKS = /^(?:[\s•*·–—\-\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}]|\uFE0F|\u200D)+/u;
/** Emoji (with their joiners and variation selectors) and spaces at a line's end. */
export const TRAILING_MARKS = /(?:[\s\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}]|\uFE0F|\u200D)+$/u;

/** Only a line's last characters can hold its prices: a long line's start is never scanned. */
const TAIL_MAX = 160;

type Token = { kind: "weight"; weight: string; unit: DraftPortion["unit"] } | { kind: "price"; price: string; currency: DraftPortion["currency"]; odd?: boolean };

/** Three decimals ("12,505", "1.200"): a typo or a thousands separator, read but marked. */
const odd = (number: string) => /[.,]\d{3}$/u.test(number);

export type LineValues = {
  /** The line without its values, leaders and trailing separators. */
  title: string;
  /** Portions read, in the line's order; weight "" and unit "g" where the line gives no weight (the parser sets the section's unit). */
  portions: DraftPortion[];
  doubts: DraftDoubt[];
  /** The line ended in what was no value (a title, a description, a heading). */
  valueless: boolean;
};

/** A decimal as the draft holds it: a point, at most 2 decimals, no trailing zeros. */
export const decimal = (value: number) => String(Math.round(value * 100) / 100);
const number = (text: string) => Number(text.replace(",", "."));

function unitOf(word: string): DraftPortion["unit"] {
  const w = word.toLowerCase().replace(".", "");
  if (w === "кг" || w === "kg") return "kg";
  if (w === "мл" || w === "ml") return "ml";
  if (w === "л" || w === "l") return "l";
  if (w === "шт" || w === "pcs" || w === "pc" || w === "pieces") return "pieces";
  return "g";
}

/** The token the text ends with, and where it starts; undefined when the text ends in a word. */
function lastToken(text: string): { token?: Token; start: number } | undefined {
  let m = WEIGHT.exec(text);
  if (m) {
    const total = m[1]!.split("/").reduce((sum, part) => sum + number(part.trim()), 0);
    return { token: { kind: "weight", weight: decimal(total), unit: unitOf(m[2]!) }, start: m.index };
  }
  m = DOLLARS.exec(text);
  if (m) return { token: { kind: "price", price: decimal(number(m[1]!)), currency: "USD", odd: odd(m[1]!) }, start: m.index };
  m = KOPECKS.exec(text);
  if (m) return { token: { kind: "price", price: decimal(Number(m[1]) + Number(m[2]) / 100), currency: "BYN" }, start: m.index };
  m = PRICE.exec(text);
  // A bare number right after a bracket is a weight whose unit was lost ("(350"), not a price.
  if (m && !m[2] && text[m.index - 1] === "(") return { start: m.index };
  if (m) return { token: { kind: "price", price: decimal(number(m[1]!.replace("-", "."))), currency: /usd|\$/i.test(m[2] ?? "") ? "USD" : "BYN", odd: odd(m[1]!) }, start: m.index };
  m = SEPARATOR.exec(text);
  if (m && m[0].length) return { start: m.index };
  return undefined;
}

/** Pairs weights with prices: a weight belongs to the price after it, or to the one before it when none follows. */
function portionsOf(tokens: Token[]): { portions: DraftPortion[]; doubts: DraftDoubt[] } {
  const portions: DraftPortion[] = [];
  const doubts: DraftDoubt[] = [];
  let weight: Extract<Token, { kind: "weight" }> | undefined;
  for (const token of tokens) {
    if (token.kind === "weight") {
      if (weight) doubts.push("weight");
      weight = token;
      continue;
    }
    portions.push({ weight: weight?.weight ?? "", unit: weight?.unit ?? "g", price: token.price, currency: token.currency });
    weight = undefined;
  }
  if (weight) {
    const last = portions.at(-1);
    if (last && !last.weight) Object.assign(last, { weight: weight.weight, unit: weight.unit });
    else if (!last) portions.push({ weight: weight.weight, unit: weight.unit, price: "", currency: "BYN" });
    else doubts.push("weight");
  }
  if (portions.some((p) => !p.price || Number(p.price) <= 0 || Number(p.price) > 100_000) || tokens.some((t) => t.kind === "price" && t.odd)) doubts.push("price");
  return { portions, doubts };
}

/** Dotted leaders ("Борщ ........ 12,50", "Борщ . . . . 12,50", "Борщ …… 12,50") become a tab. */
export const withoutLeaders = (text: string) => text.replace(/\s*(?:[.…·_]\s?){3,}\s*/gu, "\t");

/** A line's title and the portions at its end. */
export function lineValues(line: string): LineValues {
  const text = withoutLeaders(line).replace(TRAILING_MARKS, "");
  const head = text.length > TAIL_MAX ? text.length - TAIL_MAX : 0;
  const tokens: Token[] = [];
  let rest = text.slice(head);
  for (let found = lastToken(rest); found && found.start < rest.length; found = lastToken(rest)) {
    if (found.token) tokens.unshift(found.token);
    rest = rest.slice(0, found.start);
  }
  let title = text.slice(0, head) + rest;
  let { portions, doubts } = portionsOf(tokens);
  if (!tokens.some((t) => t.kind === "price")) {
    // A price an OCR misread ("12,5O"): read with the look-alikes as digits, and marked.
    const loose = LOOSE_PRICE.exec(title);
    if (loose && /\d/.test(loose[1]!) && /\D/.test(loose[1]!.replace(/[.,]/, ""))) {
      const price = number([...loose[1]!].map((c) => LOOKALIKES[c] ?? c).join(""));
      title = title.slice(0, loose.index);
      const weight = portions[0];
      portions = [{ weight: weight?.weight ?? "", unit: weight?.unit ?? "g", price: decimal(price), currency: "BYN" }];
      doubts = ["price"];
    }
  }
  // Bullets, emoji and an item's number ("1. Борщ", "2) Солянка") are not its title; nor is the word
  // the price follows ("Борщ. Цена: 12 руб"); a price "from" ("Пицца от 15") is the least one: marked.
  const from = /(?<![\p{L}])(?:от|ад|from)\s*$/iu;
  if (portions.length && from.test(title)) doubts = [...doubts, "price"];
  title = title
    .replace(LEADING_MARKS, "")
    .replace(/^\d{1,3}[.)]\s+/u, "")
    .replace(from, "")
    .replace(/(?<![\p{L}])(?:цена|стоимость|кошт|цана|price)[\s.:]*$/iu, "")
    .replace(/[\s,.;:(—–-]+$/u, "")
    .replace(/\s+/gu, " ");
  // A letter-spaced heading ("С А Л А Т Ы") read as the word it is.
  if (/^(?:\p{L} ){2,}\p{L}$/u.test(title)) title = title.replace(/ /gu, "");
  return { title, portions, doubts: [...new Set(doubts)], valueless: tokens.length === 0 && !portions.length };
}
