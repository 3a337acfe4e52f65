/**
 * admin-panel/tables (issue 6): list, create, edit, delete, reorder tables and re-issue their QR keys.
 * Every call is a store command (the policy's gate: denied access answers "not found").
 */
import { z } from "zod";
import { publicBaseUrl } from "../auth/config";
import { Db } from "../db/service";
import { UserError } from "../shared/errors";
import { storeCommand, StoreId } from "../command/store-command";
import { guardedWrite } from "../db/guarded-write";
import { factsChange } from "../store/facts";
import { newToken } from "../shared/ids";
import type { StoreRecord } from "../store/store";
import { uniqueValue } from "../records/unique.entity";
import { CreateTablesInput, tableName, tableNote, tablePosition } from "./schemas";
import { deleteQrLink, putQrLink } from "./qr-links";
import { addTables, createTable, tablesOfStore } from "./table";

const Id = z.string().min(1).max(64);
const name = tableName;
const note = tableNote;
const position = tablePosition;

export const TableInfo = z.object({
  table_id: z.string(),
  store_id: z.string(),
  position: z.number(),
  name: z.string(),
  note: z.string(),
  index: z.number(),
  qr_key: z.string(),
  /** The absolute QR link printed on the table: `{PUBLIC_BASE_URL}/t/{qr_key}`. */
  qr_url: z.string(),
});
export type TableInfo = z.infer<typeof TableInfo>;

export const CreateTableInput = z.object({ store_id: Id, position, name, note: note.default("") });
export const UpdateTableInput = z.object({ store_id: Id, position: position.optional(), name: name.optional(), note: note.optional() });
export const ReorderTablesInput = z.object({ store_id: Id, table_ids: z.array(Id).min(1).max(1000) });

/** The absolute URL a table's QR code encodes. */
export const qrUrlOf = (qr_key: string) => `${publicBaseUrl()}/t/${encodeURIComponent(qr_key)}`;

type Row = Awaited<ReturnType<typeof tablesOfStore>>[number];
const toInfo = (t: Row): TableInfo => ({
  table_id: t.table_id,
  store_id: t.store_id,
  position: t.position,
  name: t.name,
  note: t.note ?? "",
  index: t.index ?? 0,
  qr_key: t.qr_key,
  qr_url: qrUrlOf(t.qr_key),
});

const guard = (store_id: string, value: string) => uniqueValue(store_id, value);


async function tableOf(store: StoreRecord, table_id: string) {
  const { data } = await Db().entities.table.get({ company_id: store.company_id, store_id: store.store_id, table_id }).go();
  if (!data) throw new UserError("tableNotFound", 404);
  return data;
}

/** The store's tables in index order (then by number), for the commands that show them. */
export const tablesInfo = async (store: StoreRecord) => (await tablesOfStore(store.company_id, store.store_id)).map(toInfo);
export const tableInfo = async (store: StoreRecord, table_id: string) => toInfo(await tableOf(store, table_id));

export const listTables = storeCommand(StoreId, {}, ({ store }) => tablesInfo(store));

export const oneTable = storeCommand(z.object({ store_id: Id, table_id: Id }), {}, ({ store }, { table_id }) => tableInfo(store, table_id));

/**
 * A new table goes to the end of the list; its name is unique in the store. The publish saves the
 * new number among the store's event targets, so its QR scans count.
 */
export const createTableAs = storeCommand(CreateTableInput, { publish: "store" }, async ({ store }, input) => {
  const existing = await tablesOfStore(store.company_id, store.store_id);
  const index = existing.reduce((max, t) => Math.max(max, (t.index ?? 0) + 1), 0);
  const created = await createTable({ ...input, company_id: store.company_id, store_id: store.store_id, index });
  return toInfo({ ...created, created_at: "", updated_at: "" });
});

/**
 * Several tables at once (numbers `from` … `from + count − 1`, names from the pattern): all or
 * nothing, in one transaction with their names' guards and the store's kept count, which must stay
 * within the store's limit. Taken names are named in the refusal's details. The publish saves the
 * new numbers among the event targets.
 */
export const createTablesAs = storeCommand(CreateTablesInput, { publish: "store" }, async ({ store }, { from, count, name, note }) => {
  const existing = await tablesOfStore(store.company_id, store.store_id);
  const index = existing.reduce((max, t) => Math.max(max, (t.index ?? 0) + 1), 0);
  const created = await addTables({ company_id: store.company_id, store_id: store.store_id, from, count, pattern: name, note, index });
  return created.map((t) => toInfo({ ...t, created_at: "", updated_at: "" }));
});

/** Edits position, name and note; a new name claims its guard and releases the old one in one transaction. */
export const updateTableAs = storeCommand(UpdateTableInput.extend({ table_id: Id }), { publish: "named" }, async ({ store, publish, then }, { store_id, table_id, ...patch }) => {
  const table = await tableOf(store, table_id);
  const keys = { company_id: store.company_id, store_id, table_id };
  const renamed = patch.name !== undefined && guard(store_id, patch.name) !== guard(store_id, table.name);
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  await guardedWrite(
    renamed
      ? {
          claim: [{ kind: "tableName", value: guard(store_id, patch.name!), ref: table_id, company_id: store.company_id }],
          release: [{ kind: "tableName", value: guard(store_id, table.name) }],
        }
      : {},
    (e) => [e.table.patch(keys).set(changes).commit()],
  );
  // A new number: the printed code lands on it at once (and the publish job settles two edits that raced).
  // A new name goes into the link too: the next scan's table pass says it (issue 48).
  const moved = changes.position !== undefined && changes.position !== table.position;
  if (moved) publish();
  if (moved || (patch.name !== undefined && patch.name !== table.name)) then(() => putQrLink(store, { qr_key: table.qr_key, position: (changes.position as number | undefined) ?? table.position, name: (changes.name as string | undefined) ?? table.name }));
  return toInfo({ ...table, ...changes });
});

/** Deletes a table and frees its name; its printed code stops working. */
export const deleteTableAs = storeCommand(z.object({ store_id: Id, table_id: Id }), { publish: "store" }, async ({ store, then }, { store_id, table_id }) => {
  const table = await tableOf(store, table_id);
  await guardedWrite({ release: [{ kind: "tableName", value: guard(store_id, table.name) }] }, (e) => [
    e.table.remove({ company_id: store.company_id, store_id, table_id }).commit(),
    factsChange(e, store, { tables: -1 }),
  ]);
  // Its printed code stops working: the link goes now, and the publish job (asked first, so it
  // happens even if this process stops right here) deletes it too.
  then(() => deleteQrLink(table.qr_key));
  return { id: table_id };
});

/**
 * Puts the tables in the given order (ids of this store; unknown ids are ignored, unlisted tables
 * follow in their current order). An order that changes nothing is refused (SPEC.md section 5).
 */
export const reorderTables = storeCommand(ReorderTablesInput, {}, async ({ store }, { store_id, table_ids }) => {
  const tables = await tablesOfStore(store.company_id, store.store_id);
  const byId = new Map(tables.map((t) => [t.table_id, t]));
  const listed = [...new Set(table_ids)].filter((id) => byId.has(id));
  const order = [...listed, ...tables.map((t) => t.table_id).filter((id) => !listed.includes(id))];
  const changed = order.map((id, index) => ({ id, index })).filter(({ id, index }) => (byId.get(id)!.index ?? 0) !== index);
  if (!changed.length) throw new UserError("sortingUnchanged", 409);
  await Promise.all(
    changed.map(({ id, index }) => Db().entities.table.patch({ company_id: store.company_id, store_id, table_id: id }).set({ index }).go()),
  );
  return (await tablesOfStore(store.company_id, store.store_id)).map(toInfo);
});

/** A new QR key: the old printed code stops working at once. */
export const reissueQrKey = storeCommand(z.object({ store_id: Id, table_id: Id }), { publish: "store" }, async ({ store, then }, { store_id, table_id }) => {
  const table = await tableOf(store, table_id);
  const qr_key = newToken();
  await Db().entities.table.patch({ company_id: store.company_id, store_id, table_id }).set({ qr_key }).go();
  // The new code works and the old one stops at once; the publish job (asked first, so it happens
  // even if this process stops right here) does both too.
  then(() => Promise.all([putQrLink(store, { qr_key, position: table.position, name: table.name }), deleteQrLink(table.qr_key)]));
  return toInfo({ ...table, qr_key });
});
