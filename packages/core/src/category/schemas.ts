/**
 * The category and schedule forms, free of Node imports: the API validates with them and the SPA's
 * dialogs validate with the same schemas (SPEC.md sections 3 and 5).
 */
import { z } from "zod";
import { VALIDATION } from "../auth/schemas";
import { DAYS, SECTIONS, type CategoryType, type Section } from "../shared/model";

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

/** A category's schedule: on which days and from when to when (end before start spans midnight). */
export const ScheduleForm = z.object({
  enabled: z.boolean(),
  days: z
    .array(z.enum(DAYS))
    .min(1, VALIDATION.required)
    .transform((days) => DAYS.filter((d) => days.includes(d))),
  start: time,
  end: time,
});
export type ScheduleForm = z.input<typeof ScheduleForm>;

export const categoryName = z.string(VALIDATION.required).trim().min(1, VALIDATION.empty).max(CATEGORY_NAME_MAX);
export const categoryIcon = z.string().trim().max(CATEGORY_ICON_MAX);

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
