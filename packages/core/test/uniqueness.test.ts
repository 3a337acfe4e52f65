import { describe, expect, it } from "vitest";
import { UserError, withActor } from "@menu/core";
import { saveBilling } from "@menu/core/billing/billing";
import { createCompany } from "@menu/core/company/company";
import { createStore } from "@menu/core/store/store";
import { createTable } from "@menu/core/tables/table";
import { createUser } from "@menu/core/auth/user";
import { iban as makeIban, letters, unp } from "./fixtures";

/** Runs the same write n times at once and splits the outcomes. */
async function race<T>(n: number, write: (i: number) => Promise<T>) {
  const results = await Promise.allSettled(Array.from({ length: n }, (_, i) => write(i)));
  const ok = results.filter((r) => r.status === "fulfilled");
  const codes = results.flatMap((r) => (r.status === "rejected" ? [(r.reason as UserError).code] : []));
  return { ok: ok.length, codes };
}

describe("uniqueness under concurrent writes", () => {
  it("lets exactly one of ten parallel registrations take a company URL name, case-insensitively", async () => {
    const url = letters("cafe");
    const { ok, codes } = await race(10, (i) => createCompany({ name: `Cafe ${i}`, url_key: i % 2 ? url.toUpperCase() : url }));
    expect(ok).toBe(1);
    expect(codes).toEqual(Array(9).fill("companyUrlExists"));
  });

  it("keeps store URL names unique within a company but free across companies", async () => {
    const [a, b] = await Promise.all([
      createCompany({ name: "A", url_key: letters("a") }),
      createCompany({ name: "B", url_key: letters("b") }),
    ]);
    const inA = await race(5, () => createStore({ company_id: a.id, name: "S", url_key: "center" }));
    expect(inA.ok).toBe(1);
    expect(inA.codes).toEqual(Array(4).fill("storeUrlExists"));
    await expect(createStore({ company_id: b.id, name: "S", url_key: "center" })).resolves.toMatchObject({ url_key: "center" });
  });

  it("keeps e-mails unique", async () => {
    const email = `${letters("u")}@example.com`;
    const { ok, codes } = await race(6, (i) =>
      createUser({ email: i % 2 ? email.toUpperCase() : email, password: "long-enough", role: "company_manager", company_id: "c" }),
    );
    expect(ok).toBe(1);
    expect(codes).toEqual(Array(5).fill("emailExists"));
  });

  it("keeps table names unique within a store only", async () => {
    const ids = { company_id: "c1", store_id: letters("s") };
    const { ok, codes } = await race(5, (i) => createTable({ ...ids, position: i + 1, name: "Терраса 1" }));
    expect(ok).toBe(1);
    expect(codes).toEqual(Array(4).fill("tableNameExists"));
    await expect(createTable({ company_id: "c1", store_id: letters("s"), position: 1, name: "Терраса 1" })).resolves.toBeTruthy();
  });

  const billing = (vat: string, iban: string) => ({
    organization_name: "ООО Ромашка",
    director_last_name: "Иванов",
    director_first_name: "Иван",
    director_position: "Директор",
    vat_number: vat,
    bank_name: "Банк",
    iban,
    bic: "ALFABY2X",
    legal_address: "Минск, ул. Ленина 1",
    postcode: "220030",
    phone: "+375291234567",
  });

  it("keeps VAT numbers and IBANs unique across companies, and frees the old ones on change", () =>
    withActor({ type: "system" }, async () => {
    const seed = Date.now() % 1e6;
    const vat = unp(seed);
    const [vatX, vatY] = [unp(seed + 1), unp(seed + 2)];
    const account = `PJCB${Date.now()}`;
    const iban = makeIban("BY", account);
    const { ok, codes } = await race(4, (i) => saveBilling({ company_id: `company${i}`, ...billing(vat, makeIban("BY", `${account}${i}`)) }));
    expect(ok).toBe(1);
    expect(codes).toEqual(Array(3).fill("vatExists"));

    await saveBilling({ company_id: "x1", ...billing(vatX, iban) });
    await expect(saveBilling({ company_id: "x2", ...billing(vatY, iban.toLowerCase()) })).rejects.toMatchObject({ code: "ibanExists" });
    // x1 moves to another IBAN: the old one becomes free for x2.
    await saveBilling({ company_id: "x1", ...billing(vatX, makeIban("BY", `${account}9`)) });
    await expect(saveBilling({ company_id: "x2", ...billing(vatY, iban) })).resolves.toBeTruthy();
  }));
});

describe("IBAN", () => {
  it("accepts valid check digits, with spaces and in lower case, and refuses a mistyped one", async () => {
    const { ibanChecksumValid, BillingInfo } = await import("@menu/core/billing/schemas");
    expect(ibanChecksumValid("BY13NBRB3600900000002Z00AB00")).toBe(true);
    expect(ibanChecksumValid("DE89370400440532013000")).toBe(true);
    expect(ibanChecksumValid("DE89370400440532013001")).toBe(false);
    const parsed = BillingInfo.shape.iban.safeParse("de89 3704 0044 0532 0130 00");
    expect(parsed).toMatchObject({ success: true, data: "DE89370400440532013000" });
    expect(BillingInfo.shape.iban.safeParse("DE89 3704 0044 0532 0130 01").error?.issues[0]?.message).toBe("Checksum does not match");
  });
});
