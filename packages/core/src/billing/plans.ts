import { z } from "zod";
import { MENU_LANGUAGES, type MenuLanguage } from "../shared/model";

/** Premium features; one gate (`planAllows`) answers for all of them. */
export const FEATURES = ["extra_languages", "reviews_widget", "menu_export", "wifi_qr", "table_calls"] as const;
export type Feature = (typeof FEATURES)[number];

export type Plan = "trial" | "basic" | "premium" | "premium_unlimited";

type PlanConfig = {
  /** Monthly price in BYN, a decimal string; the trial is free. */
  price: string;
  /** Menu languages the plan may publish (ru is the source). */
  languages: readonly MenuLanguage[];
  /** Characters of auto-translation per month; null = unlimited. */
  translationCap: number | null;
  features: readonly Feature[];
  /** Order for up/downgrades; the trial ranks as premium (it has premium features). */
  rank: number;
};

const BASIC_LANGUAGES = ["ru", "en", "zh"] as const;
const ALL_LANGUAGES = ["ru", "en", "zh", "ar", "tr", "fr"] as const;

/**
 * The one configuration table of plans (PRODUCT.md "Plans and subscriptions"). The operator changes
 * prices and caps here.
 */
export const PLAN_CONFIG: Record<Plan, PlanConfig> = {
  trial: { price: "0", languages: ALL_LANGUAGES, translationCap: 100_000, features: FEATURES, rank: 2 },
  basic: { price: "49", languages: BASIC_LANGUAGES, translationCap: 100_000, features: [], rank: 1 },
  premium: { price: "99", languages: ALL_LANGUAGES, translationCap: 300_000, features: FEATURES, rank: 2 },
  premium_unlimited: { price: "149", languages: ALL_LANGUAGES, translationCap: null, features: FEATURES, rank: 3 },
};

const PlanConfigSchema = z.object({
  price: z.string(),
  languages: z.array(z.enum(MENU_LANGUAGES)).readonly(),
  translationCap: z.number().nullable(),
  features: z.array(z.enum(FEATURES)).readonly(),
  rank: z.number(),
});
/** The plan table as `GET /api/plans` answers it. */
export const PlanTableSchema = z.object({ trial: PlanConfigSchema, basic: PlanConfigSchema, premium: PlanConfigSchema, premium_unlimited: PlanConfigSchema });

export const PAID_PLANS = ["basic", "premium", "premium_unlimited"] as const satisfies readonly Plan[];
export type PaidPlan = (typeof PAID_PLANS)[number];

export const PREPARATION_DAYS = 3;
export const TRIAL_DAYS = 14;
export const PERIOD_MONTHS = 1;
export const SWITCH_COOLDOWN_MONTHS = 3;

/** May a store on this plan (or on none) use the feature? */
export const planAllows = (plan: Plan | undefined, feature: Feature) =>
  !!plan && PLAN_CONFIG[plan].features.includes(feature);

/** Features present on `from` and missing on `to`: what a downgrade loses. */
export const featuresLost = (from: Plan, to: Plan) =>
  PLAN_CONFIG[from].features.filter((f) => !PLAN_CONFIG[to].features.includes(f));

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

export function addMonths(date: Date, months: number) {
  const d = new Date(date);
  const day = d.getUTCDate();
  d.setUTCMonth(d.getUTCMonth() + months);
  // 31 Jan + 1 month is the last day of February, not 3 March.
  if (d.getUTCDate() < day) d.setUTCDate(0);
  return d;
}
