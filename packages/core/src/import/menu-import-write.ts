/**
 * The import's writes in batches (issue 46, point 3). A chunk's new categories, new items and
 * changed items go to DynamoDB in transactions of up to 100 writes: each record with its search
 * rows, and once per transaction the kept counts they change (an update per category and one of
 * the store's facts, however many records change them). Written one by one, each item cost a
 * search-row request of its own besides its share of a transaction: a 1,000-item sheet sent 1,464
 * requests, now about 550. Rows go in the records' transactions, not in 25-row batches, for the
 * rule below; DynamoDB Local (the local runtime, file-backed) also writes a transaction's rows
 * about twice as fast as a batch's. A record with more search rows than a transaction can hold
 * beside it (a title of over 80 distinct Han characters) has them written by batch: before its
 * record, and removed again when the record's write fails.
 *
 * All or nothing, as the import promises: the whole sheet is checked before anything is written
 * (menu-import.ts); a record, its search rows and the counts it changes are written together, so
 * counts stay exact and an item is found by search exactly when it exists, whatever fails. When a
 * chunk's new items need more than one transaction and a later one fails, the items already written
 * are taken back (records, rows, counts), so a failed chunk leaves no item behind and the page goes
 * on from that chunk without writing anything twice. Changes need no undo: written again they write
 * the same, and a resumed import's plan leaves out what is already done. New categories stay (the
 * plan of a resumed import finds them and makes no others).
 */
import { Db } from "../db/service";
import { untilProcessed } from "../shared/batch";
import { WriteConflict } from "../shared/conflict";
import { countByCategory, countedWrite, factsChange, tallyChange } from "../store/facts";
import { categoryIndexRows, itemIndexRows, writeIndexRows, type IndexChange, type IndexRows, type TitledItem } from "../search/indexing";

type Keys = { company_id: string; store_id: string };
type Entities = Parameters<Parameters<typeof countedWrite>[0]>[0];
type ItemCreate = Parameters<Entities["item"]["create"]>[0] & { item_id: string; category_id: string };
type CategoryCreate = Parameters<Entities["category"]["create"]>[0] & { category_id: string; name: string };
type ItemPatch = Parameters<ReturnType<Entities["item"]["patch"]>["set"]>[0];

/** DynamoDB's most writes in one TransactWriteItems. */
const TRANSACTION_WRITES = 100;
/** Search rows a record brings into its transaction; more are written by batch (see above). */
const ROWS_IN_TRANSACTION = 80;
/**
 * What one transaction's records may add up to, as `sizeOf` estimates them (DynamoDB allows 4 MB;
 * the estimate is above the real size).
 */
const TRANSACTION_BYTES = 3 * 1024 * 1024;

/** Above a record's size in DynamoDB: three bytes a character (UTF-8 of any BMP text), and room for its keys and stamps. */
const sizeOf = (record: unknown) => JSON.stringify(record).length * 3 + 1024;

/** A record's write in a transaction: its search rows there (`inline`), or by batch when there are too many. */
type Op = { rows: IndexRows; inline: boolean };
const rowsIn = (rows: IndexRows) => rows.put.length + rows.remove.length;
const withRows = <T>(value: T, rows: IndexRows) => ({ ...value, rows, inline: rowsIn(rows) <= ROWS_IN_TRANSACTION });
const inlineRows = (op: Op) => (op.inline ? rowsIn(op.rows) : 0);

/**
 * Splits records' writes into transactions. Each operation writes its record and `rows` more, and
 * changes `counters`; a transaction writes each counter once (DynamoDB refuses two writes to one
 * item in a transaction) whatever the number of operations changing it, and `shared` more writes
 * (the store's facts).
 */
function transactions<T>(ops: readonly T[], counters: (op: T) => readonly string[], rows: (op: T) => number, bytes: (op: T) => number, shared = 0): T[][] {
  const out: T[][] = [];
  let group: T[] = [];
  let keys = new Set<string>();
  let writes = 0;
  let size = 0;
  for (const op of ops) {
    const own = bytes(op);
    const more = () => counters(op).filter((k) => !keys.has(k)).length;
    if (group.length && (writes + 1 + rows(op) + keys.size + more() + shared > TRANSACTION_WRITES || size + own > TRANSACTION_BYTES)) {
      out.push(group);
      group = [];
      keys = new Set();
      writes = 0;
      size = 0;
    }
    group.push(op);
    for (const k of counters(op)) keys.add(k);
    writes += 1 + rows(op);
    size += own;
  }
  if (group.length) out.push(group);
  return out;
}

/** The search rows of one transaction's operations, as its writes. */
const rowWrites = (t: Entities, ops: Op[]) =>
  ops.flatMap((op) => (op.inline ? [...op.rows.put.map((r) => t.searchIndexTerm.put(r).commit()), ...op.rows.remove.map((r) => t.searchIndexTerm.delete(r).commit())] : []));

/** New categories (parents before their children) with their search rows; the store's facts count them. */
export async function createCategories(keys: Keys, records: CategoryCreate[]) {
  const ops = records.map((record) => withRows({ record }, categoryIndexRows(keys, { after: record })));
  await writeIndexRows(ops.filter((op) => !op.inline).map((op) => op.rows));
  for (const batch of transactions(ops, () => [], inlineRows, (op) => sizeOf(op.record), 1)) {
    await countedWrite((t) => [...batch.map(({ record }) => t.category.create(record).commit()), ...rowWrites(t, batch), factsChange(t, keys, { categories: batch.length })]);
  }
}

/** New items (their positions taken) with their search rows, their categories' counts and the store's facts. */
export async function createItems(keys: Keys, records: ItemCreate[]) {
  const ops = records.map((record) => withRows({ record }, itemIndexRows(keys, { after: record as TitledItem })));
  const written: typeof ops = [];
  try {
    await writeIndexRows(ops.filter((op) => !op.inline).map((op) => op.rows));
    for (const batch of transactions(ops, (op) => [op.record.category_id], inlineRows, (op) => sizeOf(op.record), 1)) {
      await countedWrite((t) => [
        ...batch.map(({ record }) => t.item.create(record).commit()),
        ...rowWrites(t, batch),
        ...[...countByCategory(batch.map((op) => op.record))].map(([category_id, n]) => tallyChange(t, keys, category_id, n)),
        factsChange(t, keys, { items: batch.length }),
      ]);
      written.push(...batch);
    }
  } catch (error) {
    await takeBack(keys, ops, written).catch((undo: unknown) => console.error("Import: new items could not be taken back", undo));
    throw error;
  }
}

/** Undoes `createItems` after a failed write: the items written, with their rows and counts, and the rows written by batch. */
async function takeBack(keys: Keys, ops: (Op & { record: ItemCreate })[], written: (Op & { record: ItemCreate })[]) {
  const undo = (op: Op & { record: ItemCreate }) => ({ ...op, rows: { put: op.rows.remove, remove: op.rows.put } });
  for (const batch of transactions(written.map(undo), (op) => [op.record.category_id], inlineRows, () => 0, 1)) {
    await countedWrite((t) => [
      // Only an item that is still there (else its counts would be taken twice).
      ...batch.map(({ record }) => t.item.delete({ company_id: keys.company_id, store_id: keys.store_id, item_id: record.item_id }).where((a, op) => op.exists(a.item_id)).commit()),
      ...rowWrites(t, batch),
      ...[...countByCategory(batch.map((op) => op.record))].map(([category_id, n]) => tallyChange(t, keys, category_id, -n)),
      factsChange(t, keys, { items: -batch.length }),
    ]);
  }
  await writeIndexRows(ops.filter((op) => !op.inline).map((op) => undo(op).rows));
}

/**
 * A change of an existing item: what is set; where it moves from and to (a move takes both counts,
 * and only from where it was read); its titles before and after, when they change.
 */
export type ItemUpdate = { item_id: string; set: ItemPatch; move?: { from: string; to: string }; index?: IndexChange<TitledItem> };

/**
 * Changed items, each once, with their search rows and the counts of the categories they move
 * between. When a write fails, rows written by batch for items not written are put back.
 */
export async function updateItems(keys: Keys, updates: ItemUpdate[]) {
  const ops = updates.map((update) => withRows({ update }, update.index ? itemIndexRows(keys, update.index) : { put: [], remove: [] }));
  const pending = new Set(ops);
  try {
    await writeIndexRows(ops.filter((op) => !op.inline).map((op) => op.rows));
    const counters = ({ update: { move } }: (typeof ops)[number]) => (move ? [move.from, move.to] : []);
    for (const batch of transactions(ops, counters, inlineRows, (op) => sizeOf(op.update.set))) {
      const deltas = new Map<string, number>();
      for (const { move } of batch.map((op) => op.update)) {
        if (!move) continue;
        deltas.set(move.from, (deltas.get(move.from) ?? 0) - 1);
        deltas.set(move.to, (deltas.get(move.to) ?? 0) + 1);
      }
      await countedWrite((t) => [
        ...batch.map(({ update: { item_id, set, move } }) => {
          const patch = t.item.patch({ company_id: keys.company_id, store_id: keys.store_id, item_id }).set(set);
          return (move ? patch.where((a, op) => op.eq(a.category_id, move.from)) : patch).commit();
        }),
        ...rowWrites(t, batch),
        ...[...deltas].filter(([, n]) => n).map(([category_id, n]) => tallyChange(t, keys, category_id, n)),
      ]);
      for (const op of batch) pending.delete(op);
    }
  } catch (error) {
    const back = [...pending].filter((op) => !op.inline).map((op) => ({ put: op.rows.remove, remove: op.rows.put }));
    await writeIndexRows(back).catch((undo: unknown) => console.error("Import: search rows could not be put back", undo));
    throw error;
  }
}

/** Items as stored (translations with their hashes), by id, in batches of 100; one that is gone fails the write. */
export async function storedItems(keys: Keys, ids: string[]) {
  const rows = await untilProcessed(
    ids.map((item_id) => ({ company_id: keys.company_id, store_id: keys.store_id, item_id })),
    (batch) => Db().entities.item.get(batch).go(),
  );
  const byId = new Map(rows.map((r) => [r.item_id, r]));
  const gone = ids.find((id) => !byId.has(id));
  if (gone) throw new WriteConflict(`Import: item ${gone} was deleted meanwhile`);
  return byId;
}
