/**
 * The store an admin-panel page works on: /{company}/{store}/admin-panel/... opens only when the
 * pair resolves among the stores the user manages (GET /api/cs-object?scope=owned), otherwise not
 * found (SPEC sections 2, 5 and 8).
 */
import { queryOptions } from "@tanstack/react-query";
import type { Section } from "@menu/core/shared/model";
import { api, unwrap, type SuccessBody } from "./api";

export type CsObject = { company_id: string; store_id: string; company_url_key: string; store_url_key: string };

/** The admin page path of a category of a section (promotions have their own route). */
export const categoryPath = (cs: CsObject, section: Section, id?: string) =>
  `/${cs.company_url_key}/${cs.store_url_key}/admin-panel/${section}${id ? `/${encodeURIComponent(id)}` : ""}`;

/** The query keys of the admin scope; the features that change a store or its plan invalidate them. */
export const scopeKeys = {
  csObjects: ["cs-object"] as const,
  ownedCsObject: (companyKey: string, storeKey: string) => ["cs-object", "owned", companyKey.toLowerCase(), storeKey.toLowerCase()] as const,
  company: (id: string) => ["company", id] as const,
  storeSettings: (storeId: string) => ["store-settings", storeId] as const,
  /** Every subscription query of every store (the active state here, a store's history in features/subscription). */
  subscriptions: ["subscription"] as const,
  activeSubscription: (storeId: string) => ["subscription", "active", storeId] as const,
};

export const ownedCsObjectQueryOptions = (companyKey: string, storeKey: string) =>
  queryOptions({
    queryKey: scopeKeys.ownedCsObject(companyKey, storeKey),
    queryFn: (): Promise<CsObject> => unwrap(api.api["cs-object"].$get({ query: { companyKey, storeKey, scope: "owned" } })),
    staleTime: 5 * 60_000,
    meta: { silentError: true },
  });

export const companyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: scopeKeys.company(id),
    queryFn: () => unwrap(api.api.companies.single.$get({ query: { id } })),
    staleTime: 5 * 60_000,
  });

export const storeSettingsQueryOptions = (storeId: string) =>
  queryOptions({
    queryKey: scopeKeys.storeSettings(storeId),
    queryFn: () => unwrap(api.api["store-settings"].$get({ query: { storeId } })),
    staleTime: 60_000,
  });

const readActive = (storeId: string) => api.api.subscription.active.$get({ query: { storeId } });
export type ActiveSubscription = SuccessBody<Awaited<ReturnType<typeof readActive>>>;

/** The store's plan, status and features: what the plan gates on the admin pages. */
export const activeSubscriptionQueryOptions = (storeId: string) =>
  queryOptions({
    queryKey: scopeKeys.activeSubscription(storeId),
    queryFn: () => unwrap(readActive(storeId)),
  });
