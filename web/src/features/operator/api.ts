/** The operator feature's server call: every company with its stores, newest first, a page at a time. */
import { infiniteQueryOptions } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";

const PAGE_SIZE = "25";

export const operatorKeys = { companies: ["operator", "companies"] as const };

export const operatorCompaniesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: operatorKeys.companies,
    queryFn: ({ pageParam }) => unwrap(api.api.operator.companies.$get({ query: { limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) } })),
    initialPageParam: "",
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
