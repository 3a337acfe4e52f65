/**
 * The store's kept facts and its categories' kept counts (issue 31): how write paths change them in
 * their own transaction, and how readers get them with one key read.
 */
import { Db } from "../db/service";
import { usePorts } from "../ports";
import { clock } from "../shared/clock";
import { isConditionFailure } from "../shared/conflict";
import { guardedWrite } from "../db/guarded-write";

type Keys = { company_id: string; store_id: string };
export type FactsDelta = Partial<Record<"items" | "photos" | "categories" | "promotions" | "tables", number>>;
type Entities = Parameters<Parameters<typeof guardedWrite>[1]>[0];

const nonZero = <T extends Record<string, number | undefined>>(delta: T) =>
  Object.fromEntries(Object.entries(delta).filter(([, n]) => n)) as T;

/** The transaction operation that adds `delta` to the store's facts. */
export const factsChange = (e: Entities, keys: Keys, delta: FactsDelta) =>
  e.storeFacts.update({ company_id: keys.company_id, store_id: keys.store_id }).add(nonZero(delta)).commit();

/** The transaction operation that adds `by` to a category's content count. */
export const tallyChange = (e: Entities, keys: Keys, category_id: string, by: number) =>
  e.categoryTally.update({ company_id: keys.company_id, store_id: keys.store_id, category_id }).add({ content_count: by }).commit();

/** Counts by category of a list of records (a bulk delete, an import). */
export function countByCategory(records: { category_id: string }[]) {
  const counts = new Map<string, number>();
  for (const { category_id } of records) counts.set(category_id, (counts.get(category_id) ?? 0) + 1);
  return counts;
}

/** Records, their facts and tallies in one TransactWriteItems; a record changed meanwhile fails it (WriteConflict). */
export async function countedWrite(records: (e: Entities) => unknown[]) {
  await guardedWrite({}, records);
}

export async function factsOf(keys: Keys) {
  const { data } = await Db().entities.storeFacts.get({ company_id: keys.company_id, store_id: keys.store_id }).go();
  return { ...data } as Partial<NonNullable<typeof data>>;
}

/** Every category's content count of the store: one Query of the tallies. */
export async function contentCounts(keys: Keys) {
  const { data } = await Db()
    .entities.categoryTally.query.byStore({ company_id: keys.company_id, store_id: keys.store_id })
    .go({ pages: "all" });
  return new Map(data.map((t) => [t.category_id, t.content_count ?? 0]));
}

/** How long a refresh waits for more changes to count with it. */
const REFRESH_DELAY_SECONDS = 5;
/** A queued refresh older than this is taken as lost, and the next request queues a new one. */
const REFRESH_STALE_MS = 2 * 60_000;

/** A text whose translation facts a refresh counts again. */
export type TextRef = { target_type: "Item" | "Category" | "Promotion" | "Store"; target_id: string };
export const textKey = (ref: TextRef) => `${ref.target_type}#${ref.target_id}`;
/** More texts than this at once (an import, a store-wide translation), or waiting on the row, are not named: every text is counted. */
const NAMED_MAX = 200;
const WAITING_MAX = 1000;

/**
 * Asks the translate worker to count the translation facts of these texts again
 * (translation/facts-refresh.ts): call it after anything that may change whether a text is
 * translated (its source, its translations, its jobs, its deletion). Without texts, every text is
 * counted (the worker also does so by itself when the languages or the glossary changed).
 * Requests coalesce while one is on its way; the texts they name add up on the facts row.
 */
export async function requestFactsRefresh(keys: Keys, texts?: readonly TextRef[]) {
  const facts = () => Db().entities.storeFacts.update({ company_id: keys.company_id, store_id: keys.store_id });
  let named = !!texts && texts.length <= NAMED_MAX;
  if (named && texts!.length) {
    try {
      // The row is written by every counted write: the waiting set stays far below DynamoDB's 400 KB.
      await facts()
        .add({ refresh_targets: texts!.map(textKey) })
        .where((a, op) => `${op.notExists(a.refresh_targets)} OR ${op.size(a.refresh_targets)} < ${op.escape(WAITING_MAX)}`)
        .go();
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      named = false;
    }
  }
  if (!named) await facts().set({ refresh_all: true }).remove(["refresh_targets"]).go();
  await queueFactsRefresh(keys);
}

/** Sends the translate worker a facts refresh (after the debounce delay). */
export const sendFactsRefresh = (keys: Keys) =>
  usePorts().queue.send("translate", { company_id: keys.company_id, store_id: keys.store_id, refresh: "facts" }, { delaySeconds: REFRESH_DELAY_SECONDS });

/** Sends a facts refresh unless one is on its way: a burst of changes (an import, a translation run) costs one run. */
async function queueFactsRefresh(keys: Keys) {
  const now = clock.now();
  try {
    await Db()
      .entities.storeFacts.update({ company_id: keys.company_id, store_id: keys.store_id })
      .set({ refresh_queued: true, refresh_queued_at: now.toISOString() })
      .where((a, op) => `${op.notExists(a.refresh_queued)} OR ${op.eq(a.refresh_queued, false)} OR ${op.lt(a.refresh_queued_at, new Date(now.getTime() - REFRESH_STALE_MS).toISOString())}`)
      .go();
  } catch (error) {
    if (isConditionFailure(error)) return;
    throw error;
  }
  await sendFactsRefresh(keys);
}
