/**
 * The store's texts as translatable content (translation/contents.ts): its address and phone notes,
 * one content per store, read and written on the store record beside the per-language name written
 * in settings (store/texts.ts). Its id is the store's.
 */
import { Db } from "../db/service";
import { storeTextSources, storeTranslations } from "../store/texts";
import { targetBase, type TranslatableContent } from "../translation/contents";
import type { Target, Translations } from "../translation/targets";

type Keys = { company_id: string; store_id: string };
type StoreRow = { company_id: string; store_id: string; updated_at: string; translations?: Translations; address?: string; phones?: { description?: string }[] };

const storeTarget = (r: StoreRow): Target => ({ ...targetBase(r.store_id, r, storeTextSources(r)), translations: storeTranslations(r.translations) });
const storeOf = ({ company_id, store_id }: Keys) => ({ company_id, store_id });

export const storeTextsContent: TranslatableContent = {
  load: async (keys, id) => {
    if (id !== keys.store_id) return undefined;
    const { data } = await Db().entities.store.get(storeOf(keys)).go();
    return data ? storeTarget(data as StoreRow) : undefined;
  },
  loadMany: async (keys, ids) => {
    const found = ids.includes(keys.store_id) ? await storeTextsContent.load(keys, keys.store_id) : undefined;
    return new Map(found ? [[found.id, found]] : []);
  },
  byId: async (id) => {
    const { data } = await Db().entities.store.query.byId({ store_id: id }).go();
    return data[0] && storeTarget(data[0] as StoreRow);
  },
  all: async (keys) => {
    const found = await storeTextsContent.load(keys, keys.store_id);
    return found ? [found] : [];
  },
  page: async (keys) => ({ targets: await storeTextsContent.all(keys), cursor: null }),
  save: async (keys, _id, translations, readAt) => {
    await Db()
      .entities.store.patch(storeOf(keys))
      .set({ translations: translations as never })
      .where((a, op) => op.eq(a.updated_at, readAt))
      .go();
  },
};
