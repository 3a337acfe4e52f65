import { z } from "zod";
import { VALIDATION } from "../shared/account-forms";
import { INVALID_PHONE, isPhoneNumber, PHONE_MAX } from "../shared/phone";
import { text } from "../shared/text-rules";

/**
 * Billing details (requisites) of a company, as they are printed on its invoices. Pure: the
 * requisites form and the API share it, so the browser and the server check the same rules and
 * nothing that fails them is saved (or issued on an invoice).
 */

export const BILLING_TEXT_MAX = 200;
export const BILLING_NAME_MAX = 100;
export const BILLING_ADDRESS_MAX = 300;

/** Issue 33: a payer number or IBAN says whether its form or its check digits are wrong. */
export const BILLING_MESSAGES = {
  unpFormat: "9 digits, the first from 1 to 7",
  checksum: "Checksum does not match",
} as const;

const required = (max: number) => text({ max, empty: VALIDATION.required });
/** Spaces (and dashes) people type to group digits are not part of the value. */
const compact = (s: string) => s.replace(/[\s-]+/g, "");

/** ISO 13616 check: move the country and check digits to the end, letters to numbers, mod 97 = 1. */
const IBAN_FORMAT = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;

export function ibanChecksumValid(iban: string) {
  if (!IBAN_FORMAT.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

const UNP_FORMAT = /^[1-7]\d{8}$/;

/**
 * A Belarusian payer's number (УНП) of an organisation: 9 digits, the first one the region (1–7),
 * the last a check digit (weights 29, 23, 19, 17, 13, 7, 5, 3 of the first eight, mod 11; 10 is
 * never issued).
 */
export function unpValid(unp: string) {
  return UNP_FORMAT.test(unp) && unpCheckDigit(unp.slice(0, 8)) === Number(unp[8]);
}

/** The check digit of an УНП's first eight digits (undefined for the sum that gives 10: no such number). */
export function unpCheckDigit(head: string) {
  const check = [29, 23, 19, 17, 13, 7, 5, 3].reduce((sum, w, i) => sum + w * Number(head[i]), 0) % 11;
  return check < 10 ? check : undefined;
}

/** A bank's BIC (SWIFT): bank code, country and location (8 characters), optionally a branch (11). */
export const BIC = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;

/** A Belarusian postcode: 6 digits. */
export const POSTCODE = /^\d{6}$/;

export const BillingInfo = z.object({
  organization_name: required(BILLING_TEXT_MAX),
  director_last_name: required(BILLING_NAME_MAX),
  director_first_name: required(BILLING_NAME_MAX),
  director_middle_name: text({ max: BILLING_NAME_MAX, optional: true }).default(""),
  director_position: required(BILLING_NAME_MAX),
  vat_number: required(32)
    .transform(compact)
    .refine((s) => UNP_FORMAT.test(s), { message: BILLING_MESSAGES.unpFormat, abort: true })
    .refine(unpValid, BILLING_MESSAGES.checksum)
    .meta({ description: "УНП: 9 digits (spaces and dashes ignored), the first 1–7, the last a check digit", examples: ["100000007", "190 000 005"] }),
  bank_name: required(BILLING_TEXT_MAX),
  iban: required(42)
    .transform((s) => compact(s).toUpperCase())
    .refine((s) => IBAN_FORMAT.test(s), { message: VALIDATION.valueIncorrect, abort: true })
    .refine(ibanChecksumValid, BILLING_MESSAGES.checksum)
    .meta({ description: "IBAN with a valid check (ISO 13616; spaces ignored, any case)", examples: ["BY13NBRB3600900000002Z00AB00", "by13 nbrb 3600 9000 0000 2z00 ab00"] }),
  bic: required(16)
    .transform((s) => compact(s).toUpperCase())
    .refine((s) => BIC.test(s), VALIDATION.valueIncorrect)
    .meta({ description: "BIC (SWIFT): 8 or 11 letters and digits (spaces ignored, any case)", examples: ["NBRBBY2X", "alfabby2xxx"] }),
  legal_address: required(BILLING_ADDRESS_MAX),
  postcode: required(16)
    .transform(compact)
    .refine((s) => POSTCODE.test(s), VALIDATION.valueIncorrect)
    .meta({ description: "6 digits (spaces ignored)", examples: ["220030", "220 004"] }),
  phone: required(PHONE_MAX)
    .refine(isPhoneNumber, INVALID_PHONE)
    .meta({ description: "Digits with spaces, dashes, brackets and a leading +; 5 to 15 digits", examples: ["+375 29 123-45-67", "8 (017) 222-33-44"] }),
});
export type BillingValues = z.input<typeof BillingInfo>;
export type Billing = z.output<typeof BillingInfo>;

export const emptyBilling = (): Required<BillingValues> =>
  Object.fromEntries(Object.keys(BillingInfo.shape).map((f) => [f, ""])) as Required<BillingValues>;

/** Whether stored details still pass today's rules (details saved before a rule existed may not). */
export const billingComplete = (stored: unknown) => BillingInfo.safeParse(stored).success;
