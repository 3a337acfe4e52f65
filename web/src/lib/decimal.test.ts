import { describe, expect, it } from "vitest";
import { KNOWN_SEPARATORS, localizeDecimal } from "./decimal";

describe("decimal strings in the interface language", () => {
  it("knows the interface languages' separators as Intl gives them", () => {
    for (const [locale, separator] of Object.entries(KNOWN_SEPARATORS)) {
      const intl = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal")?.value;
      expect(separator, locale).toBe(intl);
    }
  });

  it("replaces only dots between digits, and asks Intl for other languages", () => {
    expect(localizeDecimal("0.5", "ru")).toBe("0,5");
    expect(localizeDecimal("1.25–2.5", "ru")).toBe("1,25–2,5");
    expect(localizeDecimal("0.5", "en")).toBe("0.5");
    expect(localizeDecimal("0.5", "de")).toBe("0,5");
    expect(localizeDecimal("v. 2", "ru")).toBe("v. 2");
  });
});
