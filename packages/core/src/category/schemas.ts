/**
 * The category and schedule forms, free of Node imports: the API validates with them and the SPA's
 * dialogs validate with the same schemas (SPEC.md sections 3 and 5).
 */
import { z } from "zod";
import { VALIDATION } from "../shared/account-forms";
import { DAYS, SECTIONS, type CategoryType, type Section } from "../shared/model";
import { text } from "../shared/text-rules";

export const CATEGORY_NAME_MAX = 60;
export const CATEGORY_ICON_MAX = 16;

/** The category type each menu section lists (kitchen and drinks are both "products"). */
export const TYPE_OF_SECTION: Record<Section, CategoryType> = {
  kitchen: "products",
  drinks: "products",
  hookahs: "hookahs",
  games: "entertainment",
  promotions: "promotions",
};

/** The icons the category dialog offers; the server takes any short text, so older icons stay valid. */
export const CATEGORY_ICONS = [
  "🍳", "🥞", "🥗", "🍲", "🍜", "🍝", "🍕", "🍔", "🌮", "🍣",
  "🥩", "🍗", "🐟", "🧀", "🥪", "🍟", "🍰", "🎂", "🍨", "🍩",
  "☕", "🫖", "🍵", "🥤", "🍋", "🍹", "🍸", "🍺", "🍷", "🥂",
  "🥃", "💨", "👑", "🎲", "🎯", "🃏", "🎮", "🎁", "⭐", "🔥",
] as const;

const time = z
  .string(VALIDATION.required)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, VALIDATION.valueIncorrect);

/** Refused for a schedule (and opening hours) whose end is its start: a window of no time, or of all day, is not what anyone means. */
export const SAME_TIMES = "The end time must differ from the start time";

/** A category's schedule: on which days and from when to when (end before start spans midnight). */
export const ScheduleForm = z
  .object({
    enabled: z.boolean(),
    days: z
      .array(z.enum(DAYS))
      .min(1, VALIDATION.required)
      .transform((days) => DAYS.filter((d) => days.includes(d))),
    start: time,
    end: time,
  })
  .refine((s) => s.start !== s.end, { message: SAME_TIMES, path: ["end"] })
  .meta({ description: "`end` differs from `start` (before it: past midnight)" });
export type ScheduleForm = z.input<typeof ScheduleForm>;

export const categoryName = text({ max: CATEGORY_NAME_MAX });
export const categoryIcon = text({ max: CATEGORY_ICON_MAX, optional: true });

/** What the create / edit dialog edits. */
export const CategoryForm = z.object({
  name: categoryName,
  icon: categoryIcon,
  visible: z.boolean(),
});
export type CategoryForm = z.input<typeof CategoryForm>;
/** The create dialog also picks the supercategory ("" = top level). */
export const NewCategoryForm = CategoryForm.extend({ parent_id: z.string().max(64) });

export const section = z.enum(SECTIONS);
