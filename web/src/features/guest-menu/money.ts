/**
 * Exact decimal money: prices are decimal strings with at most two fraction digits; sums are done
 * on integer cents (BigInt), never on floats.
 */
import { DEFAULT_CURRENCY } from "@menu/core/shared/model";

export function toCents(price: string): bigint {
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(price.trim());
  if (!match) return 0n;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? "0").padEnd(2, "0"));
}

export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

const formats = new Map<string, Intl.NumberFormat>();
const currencyFormat = (locale: string, currency: string) => {
  const key = `${locale}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(key, format);
  }
  return format;
};

/**
 * A language's price format for a currency as plain strings: what comes before and after the
 * number, the thousands and decimal separators (groups of three). The pre-rendered page carries
 * those of its language and currencies, so the phone formats prices without building an Intl
 * formatter on its first view (the first one of a page costs tens of milliseconds of a slow CPU).
 */
export type MoneyPattern = { prefix: string; suffix: string; group: string; decimal: string };

const byPattern = (amount: string, p: MoneyPattern) => {
  const [whole = "0", fraction = ""] = amount.split(".");
  return `${p.prefix}${whole.replace(/\B(?=(\d{3})+$)/g, p.group)}${p.decimal}${fraction.padEnd(2, "0").slice(0, 2)}${p.suffix}`;
};

/** The pattern of a language and currency, read from Intl; undefined when it would not give Intl's very text. */
export function moneyPattern(locale: string, currency: string): MoneyPattern | undefined {
  const format = currencyFormat(locale, currency);
  const parts = format.formatToParts(12345678.05);
  const first = parts.findIndex((p) => p.type === "integer");
  const last = parts.findIndex((p) => p.type === "fraction");
  if (first < 0 || last < 0) return undefined;
  const text = (list: Intl.NumberFormatPart[]) => list.map((p) => p.value).join("");
  const pattern = {
    prefix: text(parts.slice(0, first)),
    suffix: text(parts.slice(last + 1)),
    group: parts.find((p) => p.type === "group")?.value ?? "",
    decimal: parts.find((p) => p.type === "decimal")?.value ?? ".",
  };
  const same = ["0", "5", "12.5", "999.99", "1234.5", "100000"].every((a) => byPattern(a, pattern) === format.format(a as unknown as number));
  return same ? pattern : undefined;
}

const patterns = new Map<string, MoneyPattern>();
/** Takes the patterns the pre-rendered page carries (by currency, for its language). */
export function provideMoneyPatterns(locale: string, given: Record<string, MoneyPattern>) {
  for (const [currency, pattern] of Object.entries(given)) patterns.set(`${locale}:${currency}`, pattern);
}

/** A portion's currency; portions saved before currencies existed have none. */
export const priceCurrency = (currency: string | undefined) => currency || DEFAULT_CURRENCY;

/** A price in the interface language, e.g. "12,50 Br" (ru) or "BYN 12.50" (en). */
export function formatMoney(amount: string, currency: string, locale: string): string {
  currency = priceCurrency(currency);
  // A price has at most two fraction digits; anything else is Intl's to round or refuse.
  const pattern = /^\d+(\.\d{1,2})?$/.test(amount) ? patterns.get(`${locale}:${currency}`) : undefined;
  // A decimal string is formatted exactly (Intl.NumberFormat v3).
  return pattern ? byPattern(amount, pattern) : currencyFormat(locale, currency).format(amount as unknown as number);
}

/** Σ price × quantity per currency, in the order currencies first appear. */
export function totals(lines: readonly { price: string; currency: string; quantity: number }[]) {
  const sums = new Map<string, bigint>();
  for (const line of lines) sums.set(line.currency, (sums.get(line.currency) ?? 0n) + toCents(line.price) * BigInt(line.quantity));
  return [...sums].map(([currency, cents]) => ({ currency, amount: fromCents(cents) }));
}
