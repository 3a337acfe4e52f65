/**
 * How anything guests see asks for its store to be published again. It sits in a low layer of its
 * own, apart from the rest of publish/ (.dependency-cruiser.cjs CORE_LAYERS, "publish/request"): it
 * reads no store state, and the domain modules that request a publish (the command builder's gate,
 * subscriptions) are below the worker (job.ts), which reads the whole store; dependencies point one way.
 */
import { Db } from "../db/service";
import { usePorts } from "../ports";
import { clock } from "../shared/clock";
import { isConditionFailure } from "../shared/conflict";
import { storeKeys } from "../shared/policy";
import { storeById } from "../store/store";

export type Keys = { company_id: string; store_id: string };

/** A queued message older than this is taken as lost, and the next request queues a new one. */
const QUEUED_STALE_MS = 2 * 60_000;

export async function keysOf(target: string | Keys): Promise<Keys> {
  return storeKeys(typeof target === "string" ? await storeById(target) : target);
}

/**
 * Sends one publish message unless one is already on its way (coalescing). `force`: sends it even
 * then. A run that finds newer requests than it read forces its follow-up (job.ts): the message
 * that set the flag may have met that run's lease on another consumer and be gone, so the flag alone
 * proves nothing then.
 */
export async function queueOnce(keys: Keys, version: number, { force = false } = {}) {
  const now = clock.now();
  const staleBefore = new Date(now.getTime() - QUEUED_STALE_MS).toISOString();
  try {
    const patch = Db().entities.publication.patch(keys).set({ queued: true, queued_at: now.toISOString() });
    await (force ? patch : patch.where((a, op) => `(${op.notExists(a.queued)} OR ${op.eq(a.queued, false)} OR ${op.lt(a.queued_at, staleBefore)})`)).go();
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
  await usePorts().queue.send("publish", { ...keys, version });
  return true;
}

/**
 * What a change touched, so the publish rebuilds only that: the categories whose items (or their
 * order, visibility) changed, rebuilt whole; and items whose content changed in place (texts,
 * prices, marks, sold out) or that were just created, which the publish patches into the chunk
 * that holds them (or appends) when it can, and otherwise rebuilds their category. An item moved
 * between categories touches both. Changes to the store, to categories themselves (names, order,
 * visibility, schedules) and to promotions need no scope entry: every publish reads those whole; a
 * category shown again or new is rebuilt anyway.
 */
export type PublishScope = { categories: string[]; items?: ScopeItem[] };
export type ScopeItem = { category_id: string; item_id: string };

/** Past this many categories waiting, a publish rebuilds everything (the set stays small on the row). */
export const SCOPE_MAX = 50;
/** A request naming more items than this names their categories instead; so does a run with more waiting in one category. */
export const SCOPE_ITEMS_MAX = 20;

/** On the row's `scope` set: a category alone, or "{category}/{item}". */
const itemEntry = ({ category_id, item_id }: ScopeItem) => `${category_id}/${item_id}`;

function scopeEntries(scope: PublishScope) {
  const items = scope.items ?? [];
  if (items.length > SCOPE_ITEMS_MAX) return [...new Set([...scope.categories, ...items.map((i) => i.category_id)])].filter(Boolean);
  return [...new Set([...scope.categories.filter(Boolean), ...items.map(itemEntry)])];
}

/** The scope the next run covers, from the publication row: undefined means everything. */
export function pendingScope(row: { scope?: string[]; scope_all?: boolean }): PublishScope | undefined {
  if (row.scope_all) return undefined;
  const entries = row.scope ?? [];
  const whole = new Set(entries.filter((e) => !e.includes("/")));
  const items = new Map<string, string[]>();
  for (const entry of entries) {
    const [category_id, item_id] = entry.split("/") as [string, string | undefined];
    if (item_id && !whole.has(category_id)) items.set(category_id, [...(items.get(category_id) ?? []), item_id]);
  }
  for (const [category_id, ids] of items) {
    if (ids.length <= SCOPE_ITEMS_MAX) continue;
    whole.add(category_id);
    items.delete(category_id);
  }
  if (whole.size + items.size > SCOPE_MAX) return undefined;
  return { categories: [...whole], items: [...items].flatMap(([category_id, ids]) => ids.map((item_id) => ({ category_id, item_id }))) };
}

/**
 * Asks for the store's guest menu to be published again: call it after anything guests see changed
 * (items, categories, promotions, store settings, subscription, tables), once the change is written.
 * Requests coalesce: while a message is queued, further requests only count; a request during a run
 * queues exactly one more run. Without `scope` the next run rebuilds everything; scopes of requests
 * add up until a run covers them.
 *
 * The request's `sequence` is the store's `requested` counter after it: every change is numbered
 * after it was written. A run takes the counter when it starts, before it reads anything, and
 * records it as `published` when its files are written: it read every change numbered up to it.
 * A request numbered higher than a run's, or than `published`, gets a run after it (job.ts).
 */
export async function requestPublish(target: string | Keys, scope?: PublishScope) {
  const keys = await keysOf(target);
  const update = Db().entities.publication.update(keys).add({ requested: 1 });
  const entries = scope ? scopeEntries(scope) : [];
  if (!scope) update.set({ scope_all: true });
  else if (entries.length) update.add({ scope: entries });
  const { data } = await update.set({ requested_at: clock.now().toISOString() }).go({ response: "all_new" });
  // Bounded: too many entries waiting are "everything" (the set is dropped from the row).
  if (!data.scope_all && (data.scope?.length ?? 0) > SCOPE_MAX * (SCOPE_ITEMS_MAX + 1)) await Db().entities.publication.patch(keys).set({ scope_all: true }).remove(["scope"]).go();
  const sequence = data.requested ?? 1;
  return { queued: await queueOnce(keys, sequence), sequence };
}
