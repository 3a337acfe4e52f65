import { z } from "zod";
import { Db } from "../db/service";
import { fn } from "../shared/fn";
import { guardedWrite, type Guard } from "../shared/guarded-write";
import { assertCanManageCompany } from "../shared/policy";
import { uniqueValue } from "../shared/unique.entity";
import { BillingInfo } from "./schemas";

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
