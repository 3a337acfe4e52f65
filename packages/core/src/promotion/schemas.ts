/** The promotion form, free of Node imports (the SPA validates with it too). */
import { z } from "zod";
import { Description, ITEM_MESSAGES, PhotoKey } from "../item/schemas";
import { text } from "../shared/text-rules";

export const PROMOTION_HEADER_MIN = 2;
export const PROMOTION_HEADER_MAX = 150;

export const PromotionHeader = text({ min: PROMOTION_HEADER_MIN, max: PROMOTION_HEADER_MAX, empty: ITEM_MESSAGES.required });

export const PromotionForm = z.object({
  header: PromotionHeader,
  description: Description,
  banner: PhotoKey.optional(),
  visible: z.boolean().default(true),
});
export type PromotionFormValues = z.output<typeof PromotionForm>;
