/**
 * The mapping an owner chose for a spreadsheet's columns, remembered for the store (issue 50,
 * point 1): the next file with the same header row is read with it. A store keeps the
 * REMEMBERED_MAX most recently chosen; a header-less sheet has nothing to be known by and is not
 * remembered.
 */
import { createHash } from "node:crypto";
import { Db } from "../../db/service";
import { SheetMapping } from "./sheet-columns-mapping";

type Keys = { company_id: string; store_id: string };

/** Mappings a store keeps; choosing another replaces the one chosen longest ago. */
export const REMEMBERED_MAX = 20;
/** Rows read at most: the kept ones and a few written at once before the oldest were forgotten. */
const READ_MAX = REMEMBERED_MAX * 2;

/** The header row as it is known again: its names lower-cased, spaces collapsed; undefined when it has none. */
export function headersHash(headers: string[]): string | undefined {
  const names = headers.map((h) => h.replace(/\s+/g, " ").trim().toLocaleLowerCase());
  if (!names.some(Boolean)) return undefined;
  return createHash("sha256").update(JSON.stringify(names)).digest("base64url").slice(0, 32);
}

/** A mapping remembered, with the hash of the header row it was chosen for. */
export type RememberedMapping = { hash: string; mapping: SheetMapping };

/** The store's remembered mappings (at most REMEMBERED_MAX are kept: one bounded query). */
export async function rememberedMappings(keys: Keys): Promise<RememberedMapping[]> {
  const { data } = await Db().entities.sheetMapping.query.byStore(keys).go({ limit: READ_MAX });
  return data.flatMap((m) => {
    const mapping = SheetMapping.safeParse({ columns: m.columns, sheetsAs: m.sheets_as });
    return mapping.success ? [{ hash: m.headers_hash, mapping: mapping.data }] : [];
  });
}

/** The mapping remembered for `headers`, if the store has one that still fits them. */
export async function rememberedMapping(keys: Keys, headers: string[]): Promise<SheetMapping | undefined> {
  const headers_hash = headersHash(headers);
  if (!headers_hash) return undefined;
  const { data } = await Db().entities.sheetMapping.get({ ...keys, headers_hash }).go();
  const mapping = data && SheetMapping.safeParse({ columns: data.columns, sheetsAs: data.sheets_as });
  return mapping?.success && mapping.data.columns.length === headers.length ? mapping.data : undefined;
}

/** Remembers the owner's `mapping` for `headers`, and forgets the store's oldest beyond REMEMBERED_MAX. */
export async function rememberMapping(keys: Keys, headers: string[], mapping: SheetMapping): Promise<void> {
  const headers_hash = headersHash(headers);
  if (!headers_hash) return;
  const entity = Db().entities.sheetMapping;
  await entity.put({ ...keys, headers_hash, columns: mapping.columns, sheets_as: mapping.sheetsAs }).go();
  // Read after the write, so two remembered at once still leave at most REMEMBERED_MAX behind.
  const { data } = await entity.query.byStore(keys).go({ limit: READ_MAX });
  const older = data.filter((m) => m.headers_hash !== headers_hash).sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  const extra = older.slice(REMEMBERED_MAX - 1);
  if (extra.length) await entity.delete(extra.map((m) => ({ ...keys, headers_hash: m.headers_hash }))).go();
}
