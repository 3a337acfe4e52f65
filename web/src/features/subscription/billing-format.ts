import type { IntlShape } from "react-intl";

/** A date (no time) in the interface language. */
export const formatDay = (intl: IntlShape, iso: string | undefined) =>
  iso ? intl.formatDate(iso, { day: "numeric", month: "long", year: "numeric" }) : "—";

/**
 * A BYN amount from its decimal string, in the interface language. Whole cents are formatted as a
 * BigInt-free integer pair so no float rounding creeps in.
 */
export function formatByn(intl: IntlShape, amount: string) {
  const [whole = "0", frac = ""] = amount.split(".");
  const cents = frac.padEnd(2, "0").slice(0, 2);
  const value = Number(whole) + Number(cents) / 100;
  return intl.formatNumber(value, { style: "currency", currency: "BYN", minimumFractionDigits: cents === "00" ? 0 : 2, maximumFractionDigits: 2 });
}
