/** settings/yandex-reviews (issue 7): the store's reviews widget, a premium feature (SPEC.md section 6). */
import { z } from "zod";
import { Db } from "../db/service";
import { UserError } from "../shared/errors";
import { storeCommand, StoreId } from "../command/store-command";
import { storeMayUse } from "../billing/gate";
import { orgIdFromWidget, ReviewsWidgetInput, widgetUrl } from "./widget";

export const ReviewsWidgetState = z.object({
  /** May the store show the widget on its current plan? */
  allowed: z.boolean(),
  org_id: z.string().nullable(),
  widget_url: z.string().nullable(),
});
export type ReviewsWidgetState = z.infer<typeof ReviewsWidgetState>;


const stateOf = (allowed: boolean, org_id: string | undefined): ReviewsWidgetState => ({
  allowed,
  org_id: org_id ?? null,
  widget_url: org_id ? widgetUrl(org_id) : null,
});

export const reviewsWidgetOf = storeCommand(StoreId, {}, async ({ store }) => {
  return stateOf(await storeMayUse(store, "reviews_widget"), store.reviews_org_id);
});

/**
 * Keeps the organisation id of the pasted code (never the code). Refused (409, like every
 * subscription rule) when the plan has no reviews widget; the code is checked first, so a wrong
 * code gets its own message on any plan. Guests see it: the menu is republished.
 */
export const saveReviewsWidget = storeCommand(ReviewsWidgetInput, { publish: "store" }, async ({ store }, { widget_code }) => {
  const org_id = orgIdFromWidget(widget_code);
  if (!org_id) throw new UserError("reviewsWidgetFormat", 400);
  if (!(await storeMayUse(store, "reviews_widget"))) throw new UserError("featureNotInPlan", 409);
  await Db().entities.store.patch({ company_id: store.company_id, store_id: store.store_id }).set({ reviews_org_id: org_id }).go();
  return stateOf(true, org_id);
});

/** Removes the widget; allowed on any plan (a store that lost premium may clean up). */
export const removeReviewsWidget = storeCommand(StoreId, { publish: "named" }, async ({ store, publish }) => {
  if (store.reviews_org_id) {
    await Db().entities.store.patch({ company_id: store.company_id, store_id: store.store_id }).remove(["reviews_org_id"]).go();
    publish();
  }
  return stateOf(await storeMayUse(store, "reviews_widget"), undefined);
});
