import { describe, expect, it } from "vitest";
import { BillingInfo } from "../src/billing/billing";
import { BillingForm } from "../../../web/src/features/subscription/billing-schema";
import { iban } from "./fixtures";

const valid = {
  organization_name: "ООО Демо",
  director_last_name: "Петров",
  director_first_name: "Пётр",
  director_middle_name: "",
  director_position: "Директор",
  vat_number: "190000001",
  bank_name: "Нацбанк",
  iban: "BY13 nbrb 3600 9000 0000 2Z00 AB00",
  bic: "NBRBBY2X",
  legal_address: "Минск, пр. Независимости 1",
  postcode: "220030",
  phone: "+375291112233",
};

const cases: Record<string, unknown>[] = [
  valid,
  { ...valid, director_middle_name: undefined },
  { ...valid, iban: iban("BY", "PJCB30120000000000000001") },
  { ...valid, iban: "BY13NBRB3600900000002Z00AB01" },
  { ...valid, iban: "" },
  { ...valid, organization_name: "   " },
  { ...valid, vat_number: "1".repeat(33) },
  { ...valid, bic: "NBRBBY2XXXXX" },
  { ...valid, postcode: "1".repeat(17) },
  { ...valid, phone: "1".repeat(33) },
  { ...valid, legal_address: "a".repeat(201) },
  { ...valid, bank_name: undefined },
];

/** The SPA's billing form (web/src/features/subscription/billing-schema.ts) mirrors BillingInfo. */
describe("billing form mirror", () => {
  it("has the same fields", () => {
    expect(Object.keys(BillingForm.shape).sort()).toEqual(Object.keys(BillingInfo.shape).sort());
  });

  it.each(cases.map((c, i) => [i, c] as const))("answers case %i like the server", (_, input) => {
    const server = BillingInfo.safeParse(input);
    const client = BillingForm.safeParse(input);
    expect(client.success).toBe(server.success);
    if (server.success) expect(client.data).toEqual(server.data);
    else expect(client.error!.issues.map((i) => [i.path, i.message])).toEqual(server.error.issues.map((i) => [i.path, i.message]));
  });
});
