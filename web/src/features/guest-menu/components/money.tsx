import { useIntl, type GuestMessageId } from "../intl";
import { localizeDecimal } from "@/lib/decimal";
import { formatMoney } from "../money";

export function useMoney() {
  const intl = useIntl();
  return (amount: string, currency: string) => formatMoney(amount, currency, intl.locale);
}

const UNITS = new Set(["g", "kg", "l", "ml", "pieces"]);

/** A portion's weight with its unit, the number with the language's decimal separator ("0,5 л" in ru). */
export function useWeight() {
  const intl = useIntl();
  return (weight: string, unit: string) => {
    const value = localizeDecimal(weight, intl.locale);
    return UNITS.has(unit) ? intl.formatMessage({ id: `menu.unit.${unit}` as GuestMessageId }, { value }) : `${value} ${unit}`;
  };
}
