/**
 * The registry of translatable content (issue 51, point 3). The engine (jobs.ts, worker.ts,
 * sweep.ts, facts-refresh.ts) and the editor know a content only through its entry here: how its
 * source texts are read (as a Target) and how a translation is stored. Each content module registers
 * its own (item/, category/, promotion/, settings/ for the store's texts); the entry points register
 * them all at composition (translatable-contents.ts), so a new translatable content touches no
 * engine file. Registration order is the order a store-wide sweep goes through them.
 */
import { untilProcessed } from "../shared/batch";
import type { TargetType } from "../shared/model";
import type { ScopeItem } from "../publish/request";
import type { Target, Translations } from "./targets";

type Keys = { company_id: string; store_id: string };

export type TranslatableContent = {
  load(keys: Keys, id: string): Promise<Target | undefined>;
  /** Several of the store's contents by id, in batches (what is not found is absent). */
  loadMany(keys: Keys, ids: string[]): Promise<Map<string, Target>>;
  /** By id alone (gsi1), for the section-7 status call; the caller checks the tenant. */
  byId(id: string): Promise<Target | undefined>;
  all(keys: Keys): Promise<Target[]>;
  /** One page of the store's contents and where the next one starts (null: the last page). */
  page(keys: Keys, cursor: string | null, limit: number): Promise<{ targets: Target[]; cursor: string | null }>;
  /** Replaces the translations if the record was not changed since it was read (`updated_at`). */
  save(keys: Keys, id: string, translations: Translations, readAt: string): Promise<void>;
  /**
   * The item a publish after its translation patches in place. Without it the publish rebuilds the
   * index and pages only (a category's, a promotion's or the store's texts are read whole by every publish).
   */
  scopeItem?(target: Target): ScopeItem | undefined;
};

const registry = new Map<TargetType, TranslatableContent>();

export function registerContent(type: TargetType, content: TranslatableContent) {
  registry.set(type, content);
}

export function contentOf(type: TargetType): TranslatableContent {
  const content = registry.get(type);
  if (!content) throw new Error(`translation: no content "${type}" is registered (registerTranslatableContents() at composition)`);
  return content;
}

/** The registered types, in registration order. */
export const translatableTypes = () => [...registry.keys()];
export const isTranslatable = (type: unknown): type is TargetType => registry.has(type as TargetType);

type Row = { company_id: string; store_id: string; updated_at: string; translations?: Translations };

/** A record's common part as a Target: its id, tenant, source texts, translations and version. */
export const targetBase = (id: string, r: Row, sources: Target["sources"]): Target => ({
  id,
  company_id: r.company_id,
  store_id: r.store_id,
  sources,
  translations: r.translations ?? {},
  updated_at: r.updated_at,
});

/** What an entity-backed content needs of its entity (ElectroDB's item, category and promotion entities all have it). */
type TranslatedEntity<R, A> = {
  get(keys: object[]): { go(options: { concurrent: number }): Promise<{ data: R[]; unprocessed: unknown[] }> };
  get(key: object): { go(): Promise<{ data: R | null }> };
  query: {
    byId(key: object): { go(): Promise<{ data: R[] }> };
    byStore(keys: Keys): {
      go(options: { pages: "all" }): Promise<{ data: R[] }>;
      go(options: { cursor: string | null; limit: number }): Promise<{ data: R[]; cursor: string | null }>;
    };
  };
  patch(key: object): {
    set(values: { translations: Translations }): {
      where(condition: (attributes: { updated_at: A }, op: { eq(attribute: A, value: string): string }) => string): {
        go(options: { response: "all_old" }): Promise<{ data: R | null }>;
      };
    };
  };
};

/**
 * A content kept as records of its own entity, one per id: the entity, the name of its id, its row
 * as a Target, and what follows a save of its translations (e.g. the search index of titles).
 */
export function entityContent<R extends Row, A>(
  entity: () => TranslatedEntity<R, A>,
  idName: keyof R & string,
  toTarget: (row: R) => Target,
  { saved, scopeItem }: { saved?: (keys: Keys, before: R, after: R) => Promise<void>; scopeItem?: TranslatableContent["scopeItem"] } = {},
): TranslatableContent {
  return {
    load: async (keys, id) => {
      const { data } = await entity().get({ ...keys, [idName]: id }).go();
      return data ? toTarget(data) : undefined;
    },
    loadMany: async (keys, ids) => {
      const rows = await untilProcessed(
        ids.map((id) => ({ ...keys, [idName]: id })),
        (batch) => entity().get(batch).go({ concurrent: 2 }),
      );
      return new Map(rows.map((row) => [row[idName] as string, toTarget(row)]));
    },
    byId: async (id) => {
      const { data } = await entity().query.byId({ [idName]: id }).go();
      return data[0] && toTarget(data[0]);
    },
    all: async (keys) => (await entity().query.byStore(keys).go({ pages: "all" })).data.map(toTarget),
    page: async (keys, cursor, limit) => {
      const found = await entity().query.byStore(keys).go({ cursor, limit });
      return { targets: found.data.map(toTarget), cursor: found.cursor };
    },
    save: async (keys, id, translations, readAt) => {
      const { data: before } = await entity()
        .patch({ ...keys, [idName]: id })
        .set({ translations })
        .where((a, op) => op.eq(a.updated_at, readAt))
        .go({ response: "all_old" });
      if (before && saved) await saved(keys, before, { ...before, translations });
    },
    ...(scopeItem ? { scopeItem } : {}),
  };
}
