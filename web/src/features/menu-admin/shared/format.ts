/** Prices and weights as the guest menu shows them, from the decimal strings (no float rounding). */
import { deltaPlainText, toDeltaOps } from "@menu/core/shared/rich-text";
import { useIntl } from "react-intl";
import { localizeDecimal } from "@/lib/decimal";

const formats = new Map<string, Intl.NumberFormat>();

export function useMoney() {
  const intl = useIntl();
  return (amount: string, currency: string) => {
    const key = `${intl.locale}:${currency}`;
    let format = formats.get(key);
    if (!format) {
      format = new Intl.NumberFormat(intl.locale, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
      formats.set(key, format);
    }
    // A decimal string is formatted exactly (Intl.NumberFormat v3).
    return format.format(amount as unknown as number);
  };
}

/** A portion's weight with its unit, the number with the language's decimal separator ("0,5 л" in ru). */
export function useWeight() {
  const intl = useIntl();
  return (weight: string, unit: string) =>
    intl.formatMessage({ id: `menuAdmin.unitValue.${unit}` as "menuAdmin.unitValue.g" }, { value: localizeDecimal(weight, intl.locale) });
}

/** One line of a rich-text description, for a card. */
export const summaryOf = (description: string) => deltaPlainText(toDeltaOps(description)).replace(/\s+/g, " ").trim();
