/**
 * The records one store's publish builds from, read once for all languages: the store, its company,
 * categories, items, promotions and subscriptions, and what follows from them (the phase that may
 * hide the menu, the plan's languages). build.ts turns them into what guests see.
 */
import { categoriesOfStore, toCategoryInfo } from "../category/category";
import { Db } from "../db/service";
import { itemsOfStore, toItemInfo } from "../item/item";
import { notFound } from "../shared/errors";
import { MENU_LANGUAGES } from "../shared/model";
import { isOrgId } from "../shared/reviews-org";
import { phaseOf, subscriptionsOf } from "../billing/lifecycle";
import { PLAN_CONFIG, planAllows, type Plan } from "../billing/plans";
import type { HiddenReason } from "../shared/published-menu";

type Keys = { company_id: string; store_id: string };

/**
 * The items of some categories (the item entity's byCategory index), in no particular order. A
 * global secondary index is read eventually consistent (DynamoDB offers nothing else on one).
 */
async function itemsOfCategories(keys: Keys, categoryIds: Iterable<string>) {
  const lists = await Promise.all(
    [...new Set(categoryIds)].map(async (category_id) => {
      const { data } = await Db().entities.item.query.byCategory({ store_id: keys.store_id, category_id }).go({ pages: "all" });
      return data.filter((i) => i.company_id === keys.company_id).map(toItemInfo);
    }),
  );
  return lists.flat();
}

/**
 * Everything the publish job needs of one store, read once for all languages. `items: false` leaves
 * the items out (an incremental publish reads those of the categories it touches itself).
 * `consistent`: strongly consistent reads (the publish job's: a run that starts right after a change
 * was written and numbered must read it, not an older copy; request.ts).
 */
export async function loadStoreState(keys: Keys, now: Date, { items: withItems = true, consistent = false } = {}) {
  const e = Db().entities;
  const [store, company, categories, items, promotions, subs] = await Promise.all([
    e.store.get(keys).go({ consistent }),
    e.company.get({ company_id: keys.company_id }).go({ consistent }),
    consistent
      ? e.category.query.byStore(keys).go({ pages: "all", consistent }).then(({ data }) => data.map(toCategoryInfo))
      : categoriesOfStore(keys.company_id, keys.store_id),
    withItems
      ? consistent
        ? e.item.query.byStore(keys).go({ pages: "all", consistent }).then(({ data }) => data.map(toItemInfo))
        : itemsOfStore(keys.company_id, keys.store_id)
      : Promise.resolve([]),
    e.promotion.query.byStore(keys).go({ pages: "all", consistent }),
    consistent ? e.subscription.query.byStore(keys).go({ pages: "all", consistent }).then(({ data }) => data) : subscriptionsOf(keys),
  ]);
  if (!store.data || !company.data) throw notFound("storeNotFound");
  const { phase, active } = phaseOf(store.data.preparation_ends_at, subs, now);
  const plan = active?.plan as Plan | undefined;
  const hidden: HiddenReason | undefined =
    phase === "active" ? undefined : phase === "preparation" ? "preparation" : "inactive";
  const allowed = new Set<string>(plan ? PLAN_CONFIG[plan].languages : ["ru"]);
  // A set in the table: keep the canonical order, the source language (ru) first.
  const chosen = new Set<string>(store.data.languages ?? ["ru"]);
  const languages = MENU_LANGUAGES.filter((l) => chosen.has(l) && allowed.has(l)) as string[];
  if (!languages.length) languages.push("ru");
  return {
    store: store.data,
    company_url_key: company.data.url_key,
    plan,
    hidden,
    languages,
    categories,
    items,
    promotions: promotions.data,
  };
}


/** The items a build reads: those of the categories it builds anew, or, for a whole build, all the store's (strongly consistent). */
export async function itemsToBuild(keys: Keys, touched: ReadonlySet<string> | "all") {
  if (touched !== "all") return itemsOfCategories(keys, touched);
  return (await Db().entities.item.query.byStore(keys).go({ pages: "all", consistent: true })).data.map(toItemInfo);
}

export type StoreState = Awaited<ReturnType<typeof loadStoreState>>;

/** The organisation id of the store's reviews widget when the guest pages show it (a valid id, on a plan that has the widget). */
export const reviewsOrgOf = (state: Pick<StoreState, "store" | "plan">) =>
  isOrgId(state.store.reviews_org_id) && planAllows(state.plan, "reviews_widget") ? state.store.reviews_org_id : undefined;
