/**
 * The item form (products, hookahs, games) and its portions, free of Node imports: the SPA
 * validates with these schemas and the server parses the same ones (SPEC.md section 5 messages).
 */
import { z } from "zod";
import { MEDIA_KEY } from "../media/variants";
import { ALLERGENS, DIET_TAGS, inMarkOrder } from "./marks";
import { CURRENCIES, DEFAULT_CURRENCY, UNITS } from "../shared/model";
import { RichText } from "../shared/rich-text";
import { text } from "../shared/text-rules";

export const ITEM_MESSAGES = {
  required: "This field is required",
  valueIncorrect: "Value is incorrect",
  priceZero: "Price cannot be 0",
  weightZero: "Weight cannot be 0",
  /** Issue 33: what is wrong with a number, not just "Value is incorrect". */
  priceDecimals: "At most 2 decimal places",
  weightDecimals: "At most 3 decimal places",
  priceMax: "At most 9 999 999.99",
  weightMax: "At most 999 999.999",
  selectAtLeastOne: "You need to select at least one item",
} as const;

export const ITEM_TITLE_MIN = 2;
export const ITEM_TITLE_MAX = 120;
export const PORTIONS_MAX = 10;
/** How many items one bulk action or sort may name. */
export const SELECTION_MAX = 500;

const required = z.string(ITEM_MESSAGES.required).trim().min(1, ITEM_MESSAGES.required);

/** The largest price and weight the rules below accept (7 and 6 digits before the point). */
export const PRICE_MAX = 9_999_999.99;
export const WEIGHT_MAX = 999_999.999;

type DecimalMessages = { zero: string; decimals: string; max: string };

/**
 * A positive decimal as typed: digits, optionally a dot or comma and up to `fraction` digits.
 * Answers the canonical form with a dot ("12,5" → "12.5"). Each broken rule has its message: not a
 * number, too many decimal places, too large (over `integer` digits before the point), zero.
 */
const positiveDecimal = (integer: number, fraction: number, messages: DecimalMessages) =>
  required
    .regex(/^\d+(?:[.,]\d+)?$/, { message: ITEM_MESSAGES.valueIncorrect, abort: true })
    .refine((s) => (s.split(/[.,]/)[1] ?? "").length <= fraction, { message: messages.decimals, abort: true })
    .refine((s) => s.split(/[.,]/)[0]!.replace(/^0+/, "").length <= integer, { message: messages.max, abort: true })
    .transform((s) => s.replace(",", ".").replace(/^0+(?=\d)/, ""))
    .refine((s) => /[1-9]/.test(s), messages.zero)
    // The document states the rules in one pattern (the form keeps a message for each).
    .meta({ pattern: `^(?=.*[1-9])0*\\d{1,${integer}}(?:[.,]\\d{1,${fraction}})?$` });

/** Weight of a portion: up to 6 integer and 3 fraction digits, not zero. */
export const Weight = positiveDecimal(6, 3, { zero: ITEM_MESSAGES.weightZero, decimals: ITEM_MESSAGES.weightDecimals, max: ITEM_MESSAGES.weightMax });
/** Price: a decimal string with at most 2 fraction digits (PRODUCT.md: never floats), not zero. */
export const Price = positiveDecimal(7, 2, { zero: ITEM_MESSAGES.priceZero, decimals: ITEM_MESSAGES.priceDecimals, max: ITEM_MESSAGES.priceMax });

export const PortionForm = z.object({
  /** Kept when editing, so carts that hold a portion id stay valid; new portions get one on the server. */
  id: z.string().max(64).optional(),
  weight: Weight,
  unit: z.enum(UNITS, ITEM_MESSAGES.required),
  price: Price,
  currency: z.enum(CURRENCIES, ITEM_MESSAGES.required).default(DEFAULT_CURRENCY),
});
export type PortionForm = z.input<typeof PortionForm>;

export const ItemTitle = text({ min: ITEM_TITLE_MIN, max: ITEM_TITLE_MAX, empty: ITEM_MESSAGES.required });
/** Rich text as a Quill Delta JSON string ("" = none), limited to the editor's formats. */
export const Description = RichText.default("");
/** An uploaded picture's object key, as finishing its upload answered it (the server also checks it is the store's). */
export const PhotoKey = z.string().regex(MEDIA_KEY, ITEM_MESSAGES.valueIncorrect);

/** Allergen codes, kept in their canonical order without repeats. */
export const Allergens = z
  .array(z.enum(ALLERGENS, ITEM_MESSAGES.valueIncorrect))
  .max(ALLERGENS.length * 2)
  .transform((a) => inMarkOrder(ALLERGENS, a));
export const DietTags = z
  .array(z.enum(DIET_TAGS, ITEM_MESSAGES.valueIncorrect))
  .max(DIET_TAGS.length * 2)
  .transform((t) => inMarkOrder(DIET_TAGS, t));

export const ItemForm = z.object({
  title: ItemTitle,
  description: Description,
  photo: PhotoKey.optional(),
  visible: z.boolean().default(true),
  portions: z.array(PortionForm).min(1, ITEM_MESSAGES.required).max(PORTIONS_MAX),
  allergens: Allergens.default([]),
  tags: DietTags.default([]),
});
export type ItemFormInput = z.input<typeof ItemForm>;
export type ItemFormValues = z.output<typeof ItemForm>;

export const BULK_ACTIONS = ["hide", "show", "delete"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** A selection for a bulk action; the SPA checks it before calling (the server answers the same message). */
export const Selection = z.array(z.string().min(1).max(64)).min(1, ITEM_MESSAGES.selectAtLeastOne).max(SELECTION_MAX);

/** An empty portion row of the form. */
export const emptyPortion = (): PortionForm => ({ weight: "", unit: "g", price: "", currency: DEFAULT_CURRENCY });

/** The kind of item a section holds (PRODUCT.md: kitchen and drinks list products). */
export const KIND_OF_SECTION = { kitchen: "product", drinks: "product", hookahs: "hookah", games: "game" } as const;
