/** Promotions as translatable content (translation/contents.ts): the header, kept as `title`, and the description. */
import { Db } from "../db/service";
import { entityContent, targetBase } from "../translation/contents";
import type { Target, Translations } from "../translation/targets";

type PromotionRow = { company_id: string; store_id: string; updated_at: string; translations?: Translations; promotion_id: string; header: string; description?: string };

/** A record just read or written as a Target, so a translation request after its save need not read it again. */
export const promotionTarget = (r: PromotionRow): Target => targetBase(r.promotion_id, r, { title: r.header, description: r.description ?? "" });

export const promotionContent = entityContent(() => Db().entities.promotion, "promotion_id", promotionTarget);
