import { z } from "zod";
import { Db } from "../db/service";
import { notFound } from "../shared/errors";
import { fn } from "../shared/fn";
import { guardedWrite } from "../shared/guarded-write";
import { factsChange } from "../store/facts";
import { newId, newToken } from "../shared/ids";
import { uniqueValue } from "../shared/unique.entity";
import { putQrLink } from "./qr-links";

export const CreateTable = z.object({
  company_id: z.string().min(1),
  store_id: z.string().min(1),
  position: z.number().int().positive().max(100000),
  name: z.string().trim().min(1, "String cannot be empty").max(60),
  note: z.string().max(500).default(""),
  index: z.number().int().min(0).default(0),
});

const tableNameGuard = (store_id: string, name: string) => uniqueValue(store_id, name);

export const createTable = fn(CreateTable, async (input) => {
  const table_id = newId();
  const qr_key = newToken();
  await guardedWrite({ claim: [{ kind: "tableName", value: tableNameGuard(input.store_id, input.name), ref: table_id, company_id: input.company_id }] }, (e) => [
    e.table.create({ ...input, table_id, qr_key }).commit(),
    factsChange(e, input, { tables: 1 }),
  ]);
  // The printed code works at once: its link is published with the table.
  await putQrLink(input, { qr_key, position: input.position });
  return { ...input, table_id, qr_key };
});

/** SPEC.md section 7: the answer of /api/store-and-company-by-qr-key. */
export const QrTarget = z.object({ company_url_key: z.string(), store_url_key: z.string(), position: z.number() });

export const resolveQrKey = fn(z.string().min(1).max(64), async (qr_key): Promise<z.infer<typeof QrTarget>> => {
  const { data } = await Db().entities.table.query.byQrKey({ qr_key }).go();
  const table = data[0];
  if (!table) throw notFound();
  const [company, store] = await Promise.all([
    Db().entities.company.get({ company_id: table.company_id }).go(),
    Db().entities.store.get({ company_id: table.company_id, store_id: table.store_id }).go(),
  ]);
  if (!company.data || !store.data) throw notFound();
  return { company_url_key: company.data.url_key, store_url_key: store.data.url_key, position: table.position };
});

export async function tablesOfStore(company_id: string, store_id: string) {
  const { data } = await Db().entities.table.query.byStore({ company_id, store_id }).go({ pages: "all" });
  return data.sort((a, b) => (a.index ?? 0) - (b.index ?? 0) || a.position - b.position);
}
