/** Categories as translatable content (translation/contents.ts): the name, kept as `title`; a saved translation re-indexes the category's search terms. */
import { Db } from "../db/service";
import { indexCategory } from "../search/indexing";
import { entityContent, targetBase } from "../translation/contents";
import type { Target, Translations } from "../translation/targets";

type CategoryRow = { company_id: string; store_id: string; updated_at: string; translations?: Translations; category_id: string; name: string };

/** A record just read or written as a Target, so a translation request after its save need not read it again. */
export const categoryTarget = (r: CategoryRow): Target => targetBase(r.category_id, r, { title: r.name });

export const categoryContent = entityContent(() => Db().entities.category, "category_id", categoryTarget, { saved: indexCategory });
