import { z } from "zod";
import { Db } from "../db/service";
import { untilProcessed } from "../shared/batch";
import { WriteConflict } from "../shared/conflict";
import { notFound, UserError } from "../shared/errors";
import { fn } from "../shared/fn";
import { guardedWrite } from "../db/guarded-write";
import { factsOf } from "../store/facts";
import { newId, newToken } from "../shared/ids";
import { uniqueValue } from "../records/unique.entity";
import { putQrLink, putQrLinks } from "./qr-links";
import { tableNamesOf, TABLES_BULK_MAX, TABLES_PER_STORE_MAX } from "./schemas";

export const CreateTable = z.object({
  company_id: z.string().min(1),
  store_id: z.string().min(1),
  position: z.number().int().positive().max(100000),
  name: z.string().trim().min(1, "String cannot be empty").max(60),
  note: z.string().max(500).default(""),
  index: z.number().int().min(0).default(0),
});

const tableNameGuard = (store_id: string, name: string) => uniqueValue(store_id, name);
type Keys = { company_id: string; store_id: string };
type Row = z.output<typeof CreateTable> & { table_id: string; qr_key: string };

/**
 * Writes tables with their names' guards and the store's kept table count in one transaction; the
 * count's condition keeps the store within its limit under concurrent adds.
 */
async function writeTables(keys: Keys, rows: Row[]) {
  const n = rows.length;
  if (((await factsOf(keys)).tables ?? 0) + n > TABLES_PER_STORE_MAX) throw new UserError("tablesLimit", 409);
  try {
    await guardedWrite(
      { claim: rows.map((r) => ({ kind: "tableName" as const, value: tableNameGuard(r.store_id, r.name), ref: r.table_id, company_id: r.company_id })) },
      (e) => [
        ...rows.map((r) => e.table.create(r).commit()),
        e.storeFacts
          .update({ company_id: keys.company_id, store_id: keys.store_id })
          .add({ tables: n })
          .where((a, op) => `${op.notExists(a.tables)} OR ${op.lte(a.tables, TABLES_PER_STORE_MAX - n)}`)
          .commit(),
      ],
    );
  } catch (error) {
    // The count's condition failed: another add took the last places meanwhile.
    if (error instanceof WriteConflict && ((await factsOf(keys)).tables ?? 0) + n > TABLES_PER_STORE_MAX) throw new UserError("tablesLimit", 409);
    throw error;
  }
}

export const createTable = fn(CreateTable, async (input) => {
  const row = { ...input, table_id: newId(), qr_key: newToken() };
  await writeTables(input, [row]);
  // The printed code works at once: its link is published with the table.
  await putQrLink(input, row);
  return row;
});

export const AddTables = CreateTable.omit({ position: true, name: true }).extend({
  from: z.number().int().positive(),
  count: z.number().int().min(1).max(TABLES_BULK_MAX),
  pattern: z.string().min(1),
});

/**
 * Tables numbered `from` … `from + count − 1`, named from the pattern, all or nothing. Names taken
 * already are refused before anything is written, all of them named in the refusal's details.
 */
export const addTables = fn(AddTables, async ({ from, count, pattern, index, ...keys }) => {
  const rows = tableNamesOf(pattern, from, from + count - 1).map(({ position, name }, i) => ({
    ...keys,
    position,
    name,
    index: index + i,
    table_id: newId(),
    qr_key: newToken(),
  }));
  const guards = rows.map((r) => ({ kind: "tableName" as const, value: tableNameGuard(r.store_id, r.name) }));
  const held = new Set((await untilProcessed(guards, (left) => Db().entities.unique.get(left).go())).map((g) => g.value));
  const taken = rows.filter((r) => held.has(tableNameGuard(r.store_id, r.name))).map((r) => r.name);
  if (taken.length) throw new UserError("tableNameExists", 409, { names: taken });
  await writeTables(keys, rows);
  await putQrLinks(keys, rows);
  return rows;
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
