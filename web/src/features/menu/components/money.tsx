import { useIntl } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import { formatMoney } from "../money";

export function useMoney() {
  const intl = useIntl();
  return (amount: string, currency: string) => formatMoney(amount, currency || "BYN", intl.locale);
}

const UNITS = new Set(["g", "kg", "l", "ml", "pieces"]);

export function useWeight() {
  const intl = useIntl();
  return (weight: string, unit: string) =>
    UNITS.has(unit) ? intl.formatMessage({ id: `menu.unit.${unit}` as MessageId }, { value: weight }) : `${weight} ${unit}`;
}
