import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { formatByn, formatDay } from "./billing-format";

const intl = (locale: string) => createIntl({ locale, timeZone: "UTC" });
/** Intl's no-break spaces as plain ones, to write the expected texts readably. */
const byn = (locale: string, amount: string) => formatByn(intl(locale), amount).replace(/\s/g, " ");

describe("billing amounts and dates", () => {
  it("show BYN from the decimal string, with cents only when there are some", () => {
    expect(byn("en", "1234")).toBe("BYN 1,234");
    expect(byn("en", "1234.00")).toBe("BYN 1,234");
    expect(byn("en", "0.1")).toBe("BYN 0.10");
    expect(byn("en", "19.99")).toBe("BYN 19.99");
    expect(byn("en", "19.999")).toBe("BYN 19.99"); // a third digit is cut, not rounded
    expect(byn("ru", "1234.5")).toBe("1 234,50 BYN");
  });

  it("show a day in the interface language, and a dash for none", () => {
    expect(formatDay(intl("en"), "2026-03-01")).toBe("March 1, 2026");
    expect(formatDay(intl("ru"), "2026-03-01").replace(/\s/g, " ")).toBe("1 марта 2026 г.");
    expect(formatDay(intl("zh"), "2026-03-01")).toBe("2026年3月1日");
    expect(formatDay(intl("en"), undefined)).toBe("—");
  });
});
