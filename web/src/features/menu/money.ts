/**
 * Exact decimal money: prices are decimal strings with at most two fraction digits; sums are done
 * on integer cents (BigInt), never on floats.
 */
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

/** A price in the interface language, e.g. "12,50 Br" (ru) or "BYN 12.50" (en). */
export function formatMoney(amount: string, currency: string, locale: string): string {
  const key = `${locale}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(key, format);
  }
  // A decimal string is formatted exactly (Intl.NumberFormat v3).
  return format.format(amount as unknown as number);
}

/** Σ price × quantity per currency, in the order currencies first appear. */
export function totals(lines: readonly { price: string; currency: string; quantity: number }[]) {
  const sums = new Map<string, bigint>();
  for (const line of lines) sums.set(line.currency, (sums.get(line.currency) ?? 0n) + toCents(line.price) * BigInt(line.quantity));
  return [...sums].map(([currency, cents]) => ({ currency, amount: fromCents(cents) }));
}
