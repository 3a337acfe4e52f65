/**
 * The menu import's server calls: checking a file (the preview: a plan for the export's own
 * columns, a draft for an owner's own menu, or a job for a photo read in the background), following
 * that job, and writing a spreadsheet in chunks.
 */
import type { SheetMapping } from "@menu/core/import/reading/sheet-columns-mapping";
import { queryOptions, skipToken, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap, type SuccessBody } from "@/lib/api";
import { menuKeys } from "@/lib/menu-keys";
import { afterStoreJob, storeJobKeys } from "@/lib/store-jobs";

/**
 * Items written per call while applying: the page shows progress between calls. Each call reads and
 * checks the whole file again, so 100, not 50 (a 1,000-item apply: 15.7 s → 11.7 s, bench:import).
 */
const CHUNK = 100;

/** The chosen file as the calls send it: its name and its bytes in base64. */
export type File64 = { file_name: string; content: string };

export function base64(bytes: Uint8Array) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export async function readFile(file: File): Promise<File64> {
  return { file_name: file.name, content: base64(new Uint8Array(await file.arrayBuffer())) };
}

/** Text as a file: pasted text is sent as "pasted.txt", a confirmed draft as "menu.csv" (UTF-8). */
export const textFile = (file_name: string, text: string): File64 => ({ file_name, content: base64(new TextEncoder().encode(text)) });

const applyChunk = (storeId: string, file: File64, from: number) =>
  api.api["menu-import"].apply.$post({ json: { store_id: storeId, ...file, from, count: CHUNK } });
export type ImportProgress = SuccessBody<Awaited<ReturnType<typeof applyChunk>>>;

const preview = (storeId: string, file: File64, mapping?: SheetMapping) =>
  api.api["menu-import"].preview.$post({ json: { store_id: storeId, ...file, ...(mapping ? { mapping } : {}) } });
/** A plan, a draft, or (a photo) the job reading it. */
export type PreviewAnswer = SuccessBody<Awaited<ReturnType<typeof preview>>>;
/** What a spreadsheet with the export's columns adds and changes, or every invalid cell. */
export type ImportPlan = Extract<PreviewAnswer, { errors: unknown }>;
export type ImportError = ImportPlan["errors"][number];
/** An owner's own menu as read, for the draft editor; a spreadsheet's also with its columns (column-mapping.tsx). */
export type DraftAnswer = Extract<PreviewAnswer, { draft: unknown }>;

export const isPlan = (answer: PreviewAnswer): answer is ImportPlan => "errors" in answer;

/** What the file holds; `mapping`: a spreadsheet's columns as the owner chose them. */
export function useImportPreview(storeId: string) {
  return useMutation({
    mutationFn: ({ file, mapping }: { file: File64; mapping?: SheetMapping }) => unwrap(preview(storeId, file, mapping)),
    meta: { silentError: true },
  });
}

/** How often a reading job is asked for its progress. */
const POLL_MS = 1000;

export const importKeys = { job: (storeId: string, jobId: string | undefined) => ["menu-import", "job", storeId, jobId] as const };

const readingJob = (storeId: string, jobId: string) => unwrap(api.api["menu-import"].jobs[":jobId"].$get({ param: { jobId }, query: { storeId } }));
export type ReadingJob = Awaited<ReturnType<typeof readingJob>>;

/** A photo being read in the background (none: nothing is asked), asked again until it is done or failed (a refusal's code in `error`). */
export const readingJobOptions = (storeId: string, jobId: string | undefined) =>
  queryOptions({
    queryKey: importKeys.job(storeId, jobId),
    queryFn: jobId ? () => readingJob(storeId, jobId) : skipToken,
    refetchInterval: (query) => (query.state.data?.status === "done" || query.state.data?.status === "error" ? false : POLL_MS),
    gcTime: 0,
  });

/**
 * Writes the file's items chunk by chunk from item `from` on, telling each chunk's progress; the
 * menu's lists, the setup checklist and the overview are read again after, also when it stopped
 * halfway (what it wrote stays). The mutation is pending until they are (its key tells the
 * checklist an import runs: lib/store-jobs.ts).
 */
export function useApplyImport(storeId: string, onProgress: (step: ImportProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: storeJobKeys.importApply(storeId),
    mutationFn: async ({ file, from }: { file: File64; from: number }) => {
      let next = from;
      for (;;) {
        const step = await unwrap(applyChunk(storeId, file, next));
        onProgress(step);
        if (step.done >= step.total) return step;
        next = step.done;
      }
    },
    meta: { silentError: true },
    onSettled: () =>
      Promise.all([
        ...[menuKeys.items(storeId), menuKeys.categories(storeId), menuKeys.translations(storeId)].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        afterStoreJob(queryClient, storeId),
      ]),
  });
}
