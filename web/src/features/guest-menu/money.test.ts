import { describe, expect, it } from "vitest";
import { CURRENCIES } from "@menu/core/shared/model";
import { formatMoney, moneyPattern, provideMoneyPatterns } from "./money";

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
