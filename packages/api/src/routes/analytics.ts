import { createRoute, z } from "@hono/zod-openapi";
import { CHECKLIST_STEPS, setupChecklist } from "@menu/core/analytics/checklist";
import { companyAnalytics, CompanyAnalyticsInput, storeAnalytics, StoreAnalyticsInput } from "@menu/core/analytics/report";
import { MENU_LANGUAGES } from "@menu/core/shared/model";
import { errorResponse } from "../errors";
import { router } from "../router";
import { requiresSession } from "../session";
import { json } from "../openapi";

const Compared = z.object({ value: z.number(), previous: z.number() });
const Totals = z.object({ views: Compared, scans: Compared, item_opens: Compared, cart_adds: Compared, search_misses: Compared });
const Range = z.object({ from: z.string(), to: z.string(), days: z.number() });
const Period = z.object({ from: z.string(), to: z.string() });
const TopItem = Compared.extend({ item_id: z.string(), title: z.string(), titles: z.record(z.string(), z.string()), thumbnail: z.string().nullable() });

const StoreAnalytics = z.object({
  store_id: z.string(),
  time_zone: z.string(),
  today: z.string(),
  range: Range,
  previous: Period,
  totals: Totals,
  daily: z.array(z.object({ day: z.string(), views: z.number(), previous_day: z.string(), previous: z.number() })),
  tables: z.array(Compared.extend({ position: z.number(), name: z.string().nullable() })),
  items_viewed: z.array(TopItem),
  items_added: z.array(TopItem),
  languages: z.array(Compared.extend({ language: z.string() })),
  heatmap: z.array(z.array(z.number())).describe("Views by weekday (Monday first) and hour (0-23) in the store's time zone"),
  searches: z.array(Compared.extend({ term: z.string(), other: z.boolean().openapi({ description: "The day's searches beyond its 500 distinct terms, counted together" }) })),
  calls: z.object({
    total: Compared,
    tables: z.array(Compared.extend({ position: z.number(), name: z.string().nullable() })),
    median_wait_seconds: z.number().nullable().describe("Median seconds until a call was taken, to the histogram bucket's upper bound (null: no call taken)"),
    previous_median_wait_seconds: z.number().nullable(),
  }),
});

const CompanyAnalytics = z.object({
  stores: z.array(
    z.object({
      store_id: z.string(),
      name: z.string(),
      url_key: z.string(),
      time_zone: z.string(),
      range: Range,
      previous: Period,
      totals: Totals,
      daily: z.array(z.object({ day: z.string(), views: z.number() })),
    }),
  ),
});

const Checklist = z.object({
  complete: z.boolean(),
  steps: z.array(
    z.object({
      id: z.enum(CHECKLIST_STEPS),
      done: z.boolean(),
      counts: z.record(z.string(), z.number()),
      languages: z
        .array(z.object({ language: z.enum(MENU_LANGUAGES), missing: z.number() }))
        .optional()
        .openapi({ description: "The translations step: texts missing a translation per menu language (the source excluded)" }),
      pending: z
        .boolean()
        .optional()
        .openapi({ description: "Work for the step is queued or running (the translations' count, a menu copy): the step is not done until it ends; read the list again" }),
    }),
  ),
});

const store = createRoute({
  method: "get",
  path: "/analytics",
  summary: "Guest analytics of a store for 7, 30 or 90 days or a custom range, with the previous period",
  ...requiresSession("store_manager", "storeNotFound"),
  request: { query: StoreAnalyticsInput },
  responses: { 200: json(StoreAnalytics), 400: errorResponse("Value is incorrect (the range)"), 404: errorResponse("Store not found") },
});

const company = createRoute({
  method: "get",
  path: "/analytics/company",
  summary: "Guest analytics of every store of a company side by side (company managers and admins)",
  ...requiresSession("company_manager", "companyNotFound"),
  request: { query: CompanyAnalyticsInput },
  responses: { 200: json(CompanyAnalytics), 400: errorResponse("Value is incorrect (the range)"), 404: errorResponse("Company not found") },
});

const checklist = createRoute({
  method: "get",
  path: "/setup-checklist",
  summary: "The overview's setup checklist: logo, menu, translations, tables, Wi-Fi, subscription, each done or not",
  ...requiresSession("store_manager", "storeNotFound"),
  request: { query: z.object({ storeId: z.string().min(1).max(64) }) },
  responses: { 200: json(Checklist), 404: errorResponse("Store not found") },
});

/** The overview (issue 13): analytics of a store, of the company's stores, and the setup checklist. */
export const analyticsRoutes = router()
  .openapi(store, async (c) => c.json(await storeAnalytics(c.req.valid("query")), 200))
  .openapi(company, async (c) => c.json(await companyAnalytics(c.req.valid("query")), 200))
  .openapi(checklist, async (c) => c.json(await setupChecklist(c.req.valid("query")), 200));
