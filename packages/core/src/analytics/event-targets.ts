/**
 * What guest events may name (issue 30): only what the store's published menu shows. The publish
 * job saves the store's targets; the events call reads them through a short in-process cache, so a
 * busy menu costs no read per batch, and drops every event that names anything else.
 */
import { Db } from "../db/service";
import { requestPublish } from "../publish/request";

type Keys = { company_id: string; store_id: string };
export type EventTargets = { items: ReadonlySet<string>; tables: ReadonlySet<number>; languages: ReadonlySet<string> };

/** How long a store's targets are reused by one process (a publish in this process replaces them at once). */
const TARGETS_TTL_MS = 30_000;
const cache = new Map<string, { targets: EventTargets; until: number }>();
const NONE: EventTargets = { items: new Set(), tables: new Set(), languages: new Set() };

type Saved = { items: string[]; tables: number[]; languages: string[] };
const asSets = (saved: Saved): EventTargets => ({ items: new Set(saved.items), tables: new Set(saved.tables), languages: new Set(saved.languages) });

const keep = (store_id: string, targets: EventTargets) => {
  if (cache.size >= 10_000) cache.clear();
  cache.set(store_id, { targets, until: Date.now() + TARGETS_TTL_MS });
  return targets;
};

/** Called by every publish with what it published: the items of the menu, the tables, the languages. */
export async function saveEventTargets(keys: Keys, targets: Saved) {
  await Db().entities.eventTargets.put({ ...keys, ...targets }).go();
  keep(keys.store_id, asSets(targets));
}

/**
 * The store's targets. A store without them (published before targets were saved, or never) asks
 * for a publish, which saves them; meanwhile its events count views only.
 */
export async function eventTargetsOf(keys: Keys): Promise<EventTargets> {
  const kept = cache.get(keys.store_id);
  if (kept && kept.until > Date.now()) return kept.targets;
  const { data } = await Db().entities.eventTargets.get(keys).go();
  if (!data) await requestPublish(keys);
  return keep(keys.store_id, data ? asSets({ items: data.items ?? [], tables: data.tables ?? [], languages: data.languages ?? [] }) : NONE);
}
