/**
 * Data of settings/translations-map (issue 12): the store's glossary (abbreviation → full form) and
 * the translation overview (engine, languages, this month's volume, every job), typed through the
 * API client. Changes to the glossary answer how many menu texts they affect.
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";
import { menuKeys } from "@/lib/menu-keys";

/** The glossary's key; the overview's is shared with the menu admin's badges (`menuKeys.translations`). */
export const translationKeys = {
  glossary: (storeId: string) => ["glossary", storeId] as const,
  overview: menuKeys.translations,
};

/** While jobs are queued or in progress the overview is read again this often. */
export const POLL_MS = 2500;

export const glossaryQueryOptions = (storeId: string) =>
  queryOptions({
    queryKey: translationKeys.glossary(storeId),
    queryFn: () => unwrap(api.api.abbreviations.$get({ query: { storeId } })),
    meta: { silentError: true },
  });

export type GlossaryEntry = Awaited<ReturnType<NonNullable<ReturnType<typeof glossaryQueryOptions>["queryFn"]>>>[number];

const fetchOverview = (storeId: string) => unwrap(api.api.translations.$get({ query: { storeId } }));
export type TranslationsOverview = Awaited<ReturnType<typeof fetchOverview>>;
export type TranslationJob = TranslationsOverview["jobs"][number];

export const isPendingJob = (job: Pick<TranslationJob, "status">) => job.status === "queued" || job.status === "in_progress";

/**
 * The overview. With `poll`, it is read again every 2.5 s while any job is queued or in progress,
 * and no more once none is.
 */
export const translationsQueryOptions = (storeId: string, { poll = false } = {}) =>
  queryOptions({
    queryKey: translationKeys.overview(storeId),
    queryFn: () => fetchOverview(storeId),
    meta: { silentError: true },
    // The page that follows the jobs reads them afresh on every visit (an item saved a moment ago queues its own).
    ...(poll ? { staleTime: 0 } : {}),
    refetchInterval: poll ? (query) => (query.state.data?.jobs.some(isPendingJob) ? POLL_MS : false) : false,
  });

const sorted = (entries: GlossaryEntry[]) => [...entries].sort((a, b) => a.abbreviation.localeCompare(b.abbreviation, "ru"));

/** Puts the changed list in the cache at once, then reads it from the server. */
function replaceEntries(queryClient: QueryClient, storeId: string, change: (entries: GlossaryEntry[]) => GlossaryEntry[]) {
  queryClient.setQueryData(translationKeys.glossary(storeId), (current: GlossaryEntry[] | undefined) => (current ? sorted(change(current)) : current));
  void queryClient.invalidateQueries({ queryKey: translationKeys.glossary(storeId) });
}

export type AbbreviationValues = { abbreviation: string; full_form: string; keep?: boolean };

/** Adds an abbreviation (no id) or changes one; answers `{ entry, affected }`. */
export function useSaveAbbreviation(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...values }: AbbreviationValues & { id?: string }) =>
      id
        ? unwrap(api.api.abbreviations[":abbreviationId"].$put({ param: { abbreviationId: id }, json: { store_id: storeId, ...values } }))
        : unwrap(api.api.abbreviations.$post({ json: { store_id: storeId, ...values } })),
    meta: { silentError: true },
    onSuccess: ({ entry }) => replaceEntries(queryClient, storeId, (entries) => [...entries.filter((e) => e.id !== entry.id), entry]),
  });
}

/** Deletes an abbreviation; answers `{ id, affected }`. */
export function useDeleteAbbreviation(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.api.abbreviations[":abbreviationId"].$delete({ param: { abbreviationId: id }, query: { storeId } })),
    meta: { silentError: true },
    onSuccess: ({ id }) => replaceEntries(queryClient, storeId, (entries) => entries.filter((e) => e.id !== id)),
  });
}

/**
 * "Translate everything missing" (also "re-translate the affected items"): queues every text that
 * has no translation or an out-of-date one; answers `{ queued }`. The overview is read again, so a
 * polling panel follows the jobs.
 */
export function useQueueTranslations(storeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.api.translations.queue.$post({ json: { store_id: storeId } })),
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: translationKeys.overview(storeId) }),
  });
}
