import { z } from "zod";
import { Db } from "../db/service";
import { fn } from "../shared/fn";
import { guardedWrite, type Guard } from "../shared/guarded-write";
import { assertCanManageCompany } from "../shared/policy";
import { uniqueValue } from "../shared/unique.entity";

const required = z.string().trim().min(1, "This field is required").max(200);

/** ISO 13616 check: move the country and check digits to the end, letters to numbers, mod 97 = 1. */
export function ibanChecksumValid(iban: string) {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/** Billing details (requisites); the same schema validates the form and the API. */
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
    .refine(ibanChecksumValid, "Value is incorrect"),
  bic: required.max(11),
  legal_address: required,
  postcode: required.max(16),
  phone: required.max(32),
});

/** Saves a company's billing details; VAT number and IBAN stay unique across companies. */
export const saveBilling = fn(BillingInfo.extend({ company_id: z.string().min(1) }), async (input) => {
  assertCanManageCompany(input.company_id);
  const { data: current } = await Db().entities.billing.get({ company_id: input.company_id }).go();
  const claim: Guard[] = [];
  const release: Pick<Guard, "kind" | "value">[] = [];
  for (const [kind, field] of [
    ["vat", "vat_number"],
    ["iban", "iban"],
  ] as const) {
    const next = uniqueValue(input[field]);
    const prev = current && uniqueValue(current[field]);
    if (next === prev) continue;
    claim.push({ kind, value: next, ref: input.company_id, company_id: input.company_id });
    if (prev) release.push({ kind, value: prev });
  }
  await guardedWrite({ claim, release }, (e) => [e.billing.put(input).commit()]);
  return input;
});

export const billingOf = fn(z.string().min(1), async (company_id) => {
  assertCanManageCompany(company_id);
  const { data } = await Db().entities.billing.get({ company_id }).go();
  return data ? BillingInfo.parse(data) : null;
});
