/**
 * Decimal strings (weights "0.5", stored with a dot) in the interface language: its decimal
 * separator, as prices have ("0,5 л" in ru, "0.5 l" in en). Pure and tiny: the guest menu uses it
 * too. The digits stay as stored: no rounding, no grouping.
 */
/**
 * The interface languages' separators (and the guest-only tr and fr), as Intl gives them (lib/decimal.test.ts checks): the guest
 * menu's first view builds no number formatter for a weight (the first Intl formatter of a page
 * costs tens of milliseconds on a phone's slow CPU).
 */
export const KNOWN_SEPARATORS: Readonly<Record<string, string>> = { ru: ",", en: ".", zh: ".", tr: ",", fr: "," };
const separators = new Map<string, string>(Object.entries(KNOWN_SEPARATORS));

/** The language's decimal separator: "," in ru, "." in en and zh. */
export function decimalSeparator(locale: string): string {
  let separator = separators.get(locale);
  if (separator === undefined) {
    separator = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ".";
    separators.set(locale, separator);
  }
  return separator;
}

/** "0.5" → "0,5" in ru; every dot between two digits becomes the language's separator. */
export function localizeDecimal(value: string, locale: string): string {
  const separator = decimalSeparator(locale);
  return separator === "." ? value : value.replace(/(\d)\.(?=\d)/g, `$1${separator}`);
}
