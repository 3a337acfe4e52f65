/**
 * The content that is translated, one accessor per kind: which source fields it has and how its
 * `translations` map is read and written. Item: title, description. Category: name (kept as
 * `title`). Promotion: header (kept as `title`), description.
 */
import { Db } from "../db/service";
import type { TargetType } from "./schemas";

export type { TargetType };
export type Field = "title" | "description";
export type TranslationEntry = {
  title?: string;
  description?: string;
  manual?: boolean;
  /** A machine translation staff checked: the engine no longer replaces it. */
  checked?: boolean;
  /** Hashes of the source each field was translated (or, for hand-made and checked ones, checked) against. */
  title_hash?: string;
  description_hash?: string;
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
};

export const RICH_FIELDS: ReadonlySet<Field> = new Set(["description"]);

type Accessor = {
  load(keys: Keys, id: string): Promise<Target | undefined>;
  /** By id alone (gsi1), for the section-7 status call; the caller checks the tenant. */
  byId(id: string): Promise<Target | undefined>;
  all(keys: Keys): Promise<Target[]>;
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

const item = (r: Row & { item_id: string; title: string; description?: string }) =>
  base(r.item_id, r, { title: r.title, description: r.description ?? "" });
const category = (r: Row & { category_id: string; name: string }) => base(r.category_id, r, { title: r.name });
const promotion = (r: Row & { promotion_id: string; header: string; description?: string }) =>
  base(r.promotion_id, r, { title: r.header, description: r.description ?? "" });

export const TARGETS: Record<TargetType, Accessor> = {
  Item: {
    load: async (keys, item_id) => {
      const { data } = await Db().entities.item.get({ ...keys, item_id }).go();
      return data ? item(data) : undefined;
    },
    byId: async (item_id) => {
      const { data } = await Db().entities.item.query.byId({ item_id }).go();
      return data[0] && item(data[0]);
    },
    all: async (keys) => (await Db().entities.item.query.byStore(keys).go({ pages: "all" })).data.map(item),
    save: async (keys, item_id, translations, readAt) => {
      await Db()
        .entities.item.patch({ ...keys, item_id })
        .set({ translations })
        .where((a, op) => op.eq(a.updated_at, readAt))
        .go();
    },
  },
  Category: {
    load: async (keys, category_id) => {
      const { data } = await Db().entities.category.get({ ...keys, category_id }).go();
      return data ? category(data) : undefined;
    },
    byId: async (category_id) => {
      const { data } = await Db().entities.category.query.byId({ category_id }).go();
      return data[0] && category(data[0]);
    },
    all: async (keys) => (await Db().entities.category.query.byStore(keys).go({ pages: "all" })).data.map(category),
    save: async (keys, category_id, translations, readAt) => {
      await Db()
        .entities.category.patch({ ...keys, category_id })
        .set({ translations })
        .where((a, op) => op.eq(a.updated_at, readAt))
        .go();
    },
  },
  Promotion: {
    load: async (keys, promotion_id) => {
      const { data } = await Db().entities.promotion.get({ ...keys, promotion_id }).go();
      return data ? promotion(data) : undefined;
    },
    byId: async (promotion_id) => {
      const { data } = await Db().entities.promotion.query.byId({ promotion_id }).go();
      return data[0] && promotion(data[0]);
    },
    all: async (keys) => (await Db().entities.promotion.query.byStore(keys).go({ pages: "all" })).data.map(promotion),
    save: async (keys, promotion_id, translations, readAt) => {
      await Db()
        .entities.promotion.patch({ ...keys, promotion_id })
        .set({ translations })
        .where((a, op) => op.eq(a.updated_at, readAt))
        .go();
    },
  },
};
