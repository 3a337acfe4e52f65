import { z } from "zod";
import { VALIDATION } from "../auth/schemas";

/** Billing details (requisites) of a company. Pure: the requisites form and the API share it. */

const required = z.string().trim().min(1, VALIDATION.required).max(200);

/** ISO 13616 check: move the country and check digits to the end, letters to numbers, mod 97 = 1. */
export function ibanChecksumValid(iban: string) {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

export const BillingInfo = z.object({
  organization_name: required,
  director_last_name: required,
  director_first_name: required,
  director_middle_name: z.string().trim().max(200).default(""),
  director_position: required,
  vat_number: required.max(32),
  bank_name: required,
  iban: required
    .max(42)
    .transform((s) => s.replace(/\s+/g, "").toUpperCase())
    .refine(ibanChecksumValid, VALIDATION.valueIncorrect),
  bic: required.max(11),
  legal_address: required,
  postcode: required.max(16),
  phone: required.max(32),
});
export type BillingValues = z.input<typeof BillingInfo>;

export const emptyBilling = (): Required<BillingValues> =>
  Object.fromEntries(Object.keys(BillingInfo.shape).map((f) => [f, ""])) as Required<BillingValues>;
