import { describe, expect, it } from "vitest";
import { CURRENCIES } from "@menu/core/shared/model";
import { formatMoney, fromCents, moneyPattern, priceCurrency, provideMoneyPatterns, toCents, totals } from "./money";

const intl = (amount: string, currency: string, locale: string) =>
  new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount as unknown as number);

describe("price formats carried by the pre-rendered page", () => {
  it("give Intl's very text for every interface language and currency", () => {
    const amounts = ["0", "0.5", "7", "12.50", "99.99", "1000", "1234.5", "98765.43", "1234567"];
    for (const locale of ["ru", "en", "zh", "ar"]) {
      for (const currency of [...CURRENCIES, "EUR", "RUB"]) {
        const pattern = moneyPattern(locale, currency);
        if (!pattern) continue; // no pattern: the page formats with Intl itself
        provideMoneyPatterns(locale, { [currency]: pattern });
        for (const a of amounts) expect(formatMoney(a, currency, locale), `${locale} ${currency} ${a}`).toBe(intl(a, currency, locale));
      }
    }
    // The service's own languages and currencies always have one.
    for (const locale of ["ru", "en", "zh"]) for (const currency of CURRENCIES) expect(moneyPattern(locale, currency), `${locale} ${currency}`).toBeDefined();
  });

  it("leaves amounts it cannot read to Intl", () => {
    provideMoneyPatterns("ru", { BYN: { prefix: "", suffix: " X", group: " ", decimal: "," } });
    expect(formatMoney("12.5", "BYN", "ru")).toBe("12,50 X");
    expect(formatMoney("-3", "BYN", "ru")).toBe(intl("-3", "BYN", "ru"));
  });
});

describe("exact money", () => {
  it("reads prices as cents, with a dot or a comma, and nothing else", () => {
    expect([toCents("12"), toCents("12.5"), toCents("12,05"), toCents(" 0.99 ")]).toEqual([1200n, 1250n, 1205n, 99n]);
    for (const bad of ["", "12.345", "-1", "1e3", "abc"]) expect(toCents(bad), bad).toBe(0n);
    expect([fromCents(0n), fromCents(5n), fromCents(123456789012345678901n), fromCents(-250n)]).toEqual(["0.00", "0.05", "1234567890123456789.01", "-2.50"]);
  });

  it("sums price × quantity per currency in the order currencies come, without float error", () => {
    const lines = [
      { price: "0.10", currency: "BYN", quantity: 3 },
      { price: "9.99", currency: "USD", quantity: 1 },
      { price: "0.20", currency: "BYN", quantity: 1 },
    ];
    expect(totals(lines)).toEqual([
      { currency: "BYN", amount: "0.50" },
      { currency: "USD", amount: "9.99" },
    ]);
    expect(totals([])).toEqual([]);
  });

  it("takes a portion saved before currencies existed as the default currency", () => {
    expect(priceCurrency(undefined)).toBe("BYN");
    expect(priceCurrency("")).toBe("BYN");
    expect(priceCurrency("USD")).toBe("USD");
  });
});
