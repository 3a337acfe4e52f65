import { z } from "zod";
import { Db } from "../db/service";
import { fn } from "../shared/fn";
import { guardedWrite, type Guard } from "../db/guarded-write";
import { assertCanManageCompany } from "../shared/policy";
import { uniqueValue } from "../records/unique.entity";
import { BillingInfo, emptyBilling, type Billing } from "./schemas";

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

/**
 * The company's details as the form edits them. Details saved before today's rules that no longer
 * pass them are answered as stored, so staff see what to correct (a paid plan waits until they do).
 */
export const billingOf = fn(z.string().min(1), async (company_id): Promise<Billing | null> => {
  assertCanManageCompany(company_id);
  const { data } = await Db().entities.billing.get({ company_id }).go();
  if (!data) return null;
  const parsed = BillingInfo.safeParse(data);
  if (parsed.success) return parsed.data;
  const stored = data as Record<string, unknown>;
  return Object.fromEntries(Object.keys(emptyBilling()).map((field) => [field, String(stored[field] ?? "")])) as Billing;
});
