/**
 * What a content's translation into one language is, as the admin lists and dialogs show it (issues
 * 12 and 19): "outdated" when a hand-made or checked one's source changed since, else hand-made
 * ("manual") or "checked", else its job's status, else "completed" when a translated text is there,
 * else "missing" (not translated).
 */
import type { TargetType } from "@menu/core/translation-editor/schemas";
import type { TranslationsInfo } from "@menu/core/shared/translations-info";

export type JobStatus = "queued" | "in_progress" | "error" | "completed";
export type TranslationJob = { target_type: TargetType; target_id: string; language: string; status: JobStatus; error?: string; updated_at: string };
/** GET /api/translations. */
export type TranslationOverview = {
  engine: string;
  languages: string[];
  plan_languages: string[];
  usage: { month: string; used: number; cap: number | null };
  jobs: TranslationJob[];
  /** Hand-made or checked translations whose source changed since they were written or checked. */
  outdated: { target_type: TargetType; target_id: string; language: string }[];
};

export type LanguageState = "outdated" | "manual" | "checked" | JobStatus | "missing";
export const LANGUAGE_STATES = ["outdated", "manual", "checked", "queued", "in_progress", "error", "completed", "missing"] as const satisfies readonly LanguageState[];
export type LanguageStatus = { lang: string; state: LanguageState; error?: string };
/** A content with its translations; the store's texts also carry their Russian source (the editor's labels and placeholders). */
export type Translatable = { id: string; translations: TranslationsInfo; source?: { address: string; phones: { number: string; description?: string }[] } };

type Entry = TranslationsInfo[string];

/** Whether an entry holds a translated text (a title or description, or a store's address or phone note). */
export const hasTranslatedText = (entry: Entry) => !!(entry?.title || entry?.description || entry?.address || entry?.phones?.some(Boolean));

export function languageState(entry: Entry, job: Pick<TranslationJob, "status"> | undefined, outdated = false): LanguageState {
  if (outdated) return "outdated";
  if (entry?.manual) return "manual";
  if (entry?.checked) return "checked";
  if (job) return job.status;
  if (hasTranslatedText(entry)) return "completed";
  return "missing";
}

/** Finished: hand-made or machine-made and up to date. */
export const isTranslated = (state: LanguageState) => state === "manual" || state === "checked" || state === "completed";

const jobKey = (type: TargetType, id: string, language: string) => `${type}:${id}:${language}`;

/** The per-language statuses of contents, from the overview's languages and job rows. */
export function statusReader(overview: Pick<TranslationOverview, "languages" | "jobs"> & Partial<Pick<TranslationOverview, "outdated">> | undefined) {
  const jobs = new Map((overview?.jobs ?? []).map((j) => [jobKey(j.target_type, j.target_id, j.language), j]));
  const outdated = new Set((overview?.outdated ?? []).map((o) => jobKey(o.target_type, o.target_id, o.language)));
  const languages = overview?.languages ?? [];
  return (type: TargetType, record: Translatable): LanguageStatus[] =>
    languages.map((lang) => {
      const job = jobs.get(jobKey(type, record.id, lang));
      const state = languageState(record.translations[lang], job, outdated.has(jobKey(type, record.id, lang)));
      return { lang, state, ...(state === "error" && job?.error ? { error: job.error } : {}) };
    });
}
export type StatusReader = ReturnType<typeof statusReader>;

/** "Untranslated only": some language of the store is not finished. */
export const needsTranslation = (statuses: LanguageStatus[]) => statuses.some((s) => !isTranslated(s.state) && s.state !== "outdated");

/** "Outdated only": some hand-made or checked translation's source changed since. */
export const isOutdatedIn = (statuses: LanguageStatus[]) => statuses.some((s) => s.state === "outdated");
