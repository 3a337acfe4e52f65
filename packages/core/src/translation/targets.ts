/**
 * The content that is translated, one accessor per kind: which source fields it has and how its
 * `translations` map is read and written. Item: title, description. Category: name (kept as
 * `title`). Promotion: header (kept as `title`), description. Store: address, phone notes
 * (`phones`, a line per phone; store/texts.ts).
 */
import { Db } from "../db/service";
import { indexCategory, indexItem } from "../search/indexing";
import { storeTextSources, storeTranslations } from "../store/texts";
import { untilProcessed } from "../shared/batch";
import type { TargetType } from "../shared/model";
import type { TextKind } from "./text";

export type { TargetType };
export type Field = "title" | "description" | "address" | "phones";
export type TranslationEntry = {
  title?: string;
  description?: string;
  address?: string;
  /** A store's phone notes, a line per phone. */
  phones?: string;
  /** A store's name, written in settings: kept beside its translated texts, never translated. */
  name?: string;
  manual?: boolean;
  /** A machine translation staff checked: the engine no longer replaces it. */
  checked?: boolean;
  /** Hashes of the source each field was translated (or, for hand-made and checked ones, checked) against. */
  title_hash?: string;
  description_hash?: string;
  address_hash?: string;
  phones_hash?: string;
};
export type Translations = Record<string, TranslationEntry | undefined>;
type Keys = { company_id: string; store_id: string };

/** One piece of content as translation sees it. */
export type Target = {
  id: string;
  company_id: string;
  store_id: string;
  /** The source text of each field (ru); a description is a Quill Delta JSON string. */
  sources: Partial<Record<Field, string>>;
  translations: Translations;
  updated_at: string;
  /** An item's category: what a publish after its translation rebuilds. */
  category_id?: string;
};

/** How a field's text is cut for the engine. */
export const fieldKind = (field: Field): TextKind => (field === "description" ? "rich" : field === "phones" ? "lines" : "plain");

/** What a translation entry may hold besides its fields, flags and hashes (kept when a translation is replaced or dropped). */
export const entryExtras = (entry: TranslationEntry | undefined): TranslationEntry => (entry?.name !== undefined ? { name: entry.name } : {});

type Accessor = {
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
};

type Row = { company_id: string; store_id: string; updated_at: string; translations?: Translations };
const base = (id: string, r: Row, sources: Target["sources"]): Target => ({
  id,
  company_id: r.company_id,
  store_id: r.store_id,
  sources,
  translations: r.translations ?? {},
  updated_at: r.updated_at,
});

/** What the accessors need of an entity (ElectroDB's item, category and promotion entities all have it). */
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
 * The accessor of one kind of content: its entity, the name of its id, its row as a Target, and
 * what follows a save of its translations (the search index of titles and names).
 */
function accessor<R extends Row, A>(
  entity: () => TranslatedEntity<R, A>,
  idName: keyof R & string,
  toTarget: (row: R) => Target,
  saved?: (keys: Keys, before: R, after: R) => Promise<void>,
): Accessor {
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
  };
}

const item = (r: Row & { item_id: string; category_id: string; title: string; description?: string }) => ({
  ...base(r.item_id, r, { title: r.title, description: r.description ?? "" }),
  category_id: r.category_id,
});
const category = (r: Row & { category_id: string; name: string }) => base(r.category_id, r, { title: r.name });
const promotion = (r: Row & { promotion_id: string; header: string; description?: string }) =>
  base(r.promotion_id, r, { title: r.header, description: r.description ?? "" });

type StoreRow = Row & { store_id: string; address?: string; phones?: { description?: string }[] };
const storeTarget = (r: StoreRow): Target => ({ ...base(r.store_id, r, storeTextSources(r)), translations: storeTranslations(r.translations) });
const storeOf = ({ company_id, store_id }: Keys) => ({ company_id, store_id });

/** The store's texts: one per store, read and written on the store record. */
const store: Accessor = {
  load: async (keys, id) => {
    if (id !== keys.store_id) return undefined;
    const { data } = await Db().entities.store.get(storeOf(keys)).go();
    return data ? storeTarget(data as StoreRow) : undefined;
  },
  loadMany: async (keys, ids) => {
    const found = ids.includes(keys.store_id) ? await store.load(keys, keys.store_id) : undefined;
    return new Map(found ? [[found.id, found]] : []);
  },
  byId: async (id) => {
    const { data } = await Db().entities.store.query.byId({ store_id: id }).go();
    return data[0] && storeTarget(data[0] as StoreRow);
  },
  all: async (keys) => {
    const found = await store.load(keys, keys.store_id);
    return found ? [found] : [];
  },
  page: async (keys) => ({ targets: await store.all(keys), cursor: null }),
  save: async (keys, _id, translations, readAt) => {
    await Db()
      .entities.store.patch(storeOf(keys))
      .set({ translations: translations as never })
      .where((a, op) => op.eq(a.updated_at, readAt))
      .go();
  },
};

/** A record just read or written as a Target, so a translation request after its save need not read it again. */
export const targetOfRow = { Item: item, Category: category, Promotion: promotion };

export const TARGETS: Record<TargetType, Accessor> = {
  Item: accessor(() => Db().entities.item, "item_id", item, indexItem),
  Category: accessor(() => Db().entities.category, "category_id", category, indexCategory),
  Promotion: accessor(() => Db().entities.promotion, "promotion_id", promotion),
  Store: store,
};
