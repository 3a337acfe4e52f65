import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-error";
import { notifyError } from "./errors";
import { watchStoreJobs } from "./store-jobs";

type AppMeta = Record<string, unknown> & {
  /** Skip the global error toast (the caller shows the error itself). */
  silentError?: boolean;
};

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: AppMeta;
    mutationMeta: AppMeta;
  }
}

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silentError) return;
        notifyError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.silentError) return;
        notifyError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Client errors (4xx) will not change on retry; network and server errors may.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < MAX_RETRIES,
        refetchOnWindowFocus: import.meta.env.PROD,
      },
      mutations: { retry: false },
    },
  });
  // A translation run that ends makes the overview's checklist read again (issue 46, point 4).
  watchStoreJobs(client);
  return client;
}
