import { saveEventTargets } from "@menu/core/analytics/event-targets";
import { unpCheckDigit } from "@menu/core/billing/schemas";
import { createCompany } from "@menu/core/company/company";
import { createStore } from "@menu/core/store/store";
import { recountStore } from "@menu/core/store/recount";
import { createTable } from "@menu/core/tables/table";
import { Db } from "@menu/core";
import { randomBytes, randomUUID } from "node:crypto";

/** A unique Latin-letters-only URL name for tests that share a table: the prefix and 8 letters a–p. */
export const letters = (prefix: string) =>
  prefix + [...randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 16))).join("");

/** A company with one store, a table, a category and a visible and a hidden item, its event targets saved. */
export async function venue(prefix = "venue") {
  const company = await createCompany({ name: `${prefix} company`, url_key: letters(prefix) });
  const store = await createStore({ company_id: company.id, name: `${prefix} store`, url_key: "main" });
  const ids = { company_id: company.id, store_id: store.store_id };
  const table = await createTable({ ...ids, position: 7, name: "Table 7" });
  const category_id = randomUUID();
  await Db().entities.category.create({ ...ids, category_id, section: "kitchen", type: "products", name: "Супы" }).go();
  const portion = { id: "p1", weight: "300", unit: "g" as const, price: "9.50", currency: "BYN" as const };
  const visible = randomUUID();
  const hidden = randomUUID();
  await Db().entities.item.put([
    { ...ids, item_id: visible, kind: "product", category_id, title: "Борщ", portions: [portion] },
    { ...ids, item_id: hidden, kind: "product", category_id, title: "Секрет", portions: [portion], visible: false },
  ]).go();
  // Written in bulk: counts and positions from the records, as the demo seed does.
  await recountStore(ids, { renumber: true });
  // What guest events may name, as a publish of its menu in ru, en and zh would leave it.
  await saveEventTargets(ids, { items: [visible], tables: [7], languages: ["ru", "en", "zh"] });
  return { company, store, table, category_id, items: { visible, hidden }, ...ids };
}

/** A valid IBAN (correct check digits) for a country and account number. */
export function iban(country: string, bban: string) {
  const digits = (bban + country + "00").replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return `${country}${String(98 - rest).padStart(2, "0")}${bban}`;
}

/**
 * A valid УНП (Belarusian payer's number: region 1–7, seven digits, check digit) made from any
 * number, so tests get unique ones: the next number is used while the check digit would be 10.
 */
export function unp(seed: number | string): string {
  const n = Number(String(seed).replace(/\D/g, "").slice(-7) || "0");
  // Ten candidates per seed (the last digit of the head), so different seeds never meet.
  for (let k = 0; ; k++) {
    const m = n * 10 + k;
    const head = `${1 + (Math.floor(m / 1e7) % 7)}${String(m % 1e7).padStart(7, "0")}`;
    const check = unpCheckDigit(head);
    if (check !== undefined) return `${head}${check}`;
  }
}
