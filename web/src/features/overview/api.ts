/**
 * Data of the overview (issue 13): the store's guest analytics for a period, every store of the
 * company side by side, and the setup checklist, typed through the API client.
 */
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";
import { storeJobKeys } from "@/lib/store-jobs";
import { anyPending, checklistPollMs } from "./checklist-state";

export const PERIODS = ["7", "30", "90", "custom"] as const;
export type Period = (typeof PERIODS)[number];
export type RangeQuery = { period: Period; from?: string; to?: string };

/** While the range reaches today, the figures are read again this often (guests keep counting). */
export const REFRESH_MS = 30_000;

const rangeParams = (r: RangeQuery) => (r.period === "custom" ? { period: r.period, from: r.from, to: r.to } : { period: r.period });

const fetchStore = (storeId: string, r: RangeQuery) => unwrap(api.api.analytics.$get({ query: { storeId, ...rangeParams(r) } }));
const fetchCompany = (companyId: string, r: RangeQuery) => unwrap(api.api.analytics.company.$get({ query: { companyId, ...rangeParams(r) } }));
/** When each store's checklist last answered with a step's work queued (the polling's grace, checklist-state.ts). */
const lastPending = new Map<string, number>();
async function fetchChecklist(storeId: string) {
  const data = await unwrap(api.api["setup-checklist"].$get({ query: { storeId } }));
  if (anyPending(data)) lastPending.set(storeId, Date.now());
  return data;
}

export type StoreAnalytics = Awaited<ReturnType<typeof fetchStore>>;
export type CompanyAnalytics = Awaited<ReturnType<typeof fetchCompany>>;
export type Checklist = Awaited<ReturnType<typeof fetchChecklist>>;
export type Compared = { value: number; previous: number };

export const overviewKeys = {
  store: (storeId: string, r: RangeQuery) => ["analytics", storeId, r.period, r.from ?? "", r.to ?? ""] as const,
  company: (companyId: string, r: RangeQuery) => ["analytics", "company", companyId, r.period, r.from ?? "", r.to ?? ""] as const,
  /** Shared with the jobs that change it (lib/store-jobs.ts), as are the analytics' prefixes. */
  checklist: storeJobKeys.checklist,
};

const refresh = (data: { range: { to: string } } | undefined, today: string | undefined) => (data && today && data.range.to === today ? REFRESH_MS : false);

export const storeAnalyticsQueryOptions = (storeId: string, r: RangeQuery) =>
  queryOptions({
    queryKey: overviewKeys.store(storeId, r),
    queryFn: () => fetchStore(storeId, r),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
    refetchInterval: (query) => refresh(query.state.data, query.state.data?.today),
  });

export const companyAnalyticsQueryOptions = (companyId: string, r: RangeQuery) =>
  queryOptions({
    queryKey: overviewKeys.company(companyId, r),
    queryFn: () => fetchCompany(companyId, r),
    placeholderData: keepPreviousData,
    meta: { silentError: true },
  });

/**
 * The setup checklist: read afresh on every visit and kept by no page that does not show it (an
 * answer from before an import, a copy or a translation run is never shown again: issue 46, point 4),
 * read again when a job of the store ends (lib/store-jobs.ts), and every few seconds while a step's
 * work is queued.
 */
export const checklistQueryOptions = (storeId: string) =>
  queryOptions({
    queryKey: overviewKeys.checklist(storeId),
    queryFn: () => fetchChecklist(storeId),
    staleTime: 0,
    gcTime: 0,
    meta: { silentError: true },
    refetchInterval: (query) => checklistPollMs(query.state.data, lastPending.get(storeId), Date.now()),
  });
