/**
 * Translation jobs (issue 12): a row per content and language is the job, the `translate` queue only
 * delivers. Requests queue what is missing or out of date (contents read through the registry,
 * contents.ts); the worker (worker.ts) translates through the engine port, keeps hand-made
 * translations, spends the plan's monthly volume and republishes the menu; store-wide requests go
 * through a sweep (sweep.ts).
 */
import { Db } from "../db/service";
import { usePorts } from "../ports";
import { requestFactsRefresh } from "../store/facts";
import { untilProcessed } from "../shared/batch";
import { clock } from "../shared/clock";
import { MENU_LANGUAGES, SOURCE_LANGUAGE, type MenuLanguage } from "../shared/model";
import { storeById, type StoreRecord } from "../store/store";
import { PLAN_CONFIG } from "../billing/plans";
import { storePlan } from "../billing/gate";
import type { SendOptions } from "../ports/queue";
import { preparedSource, type GlossaryEntry } from "./text";
import { contentOf } from "./contents";
import { fieldKind, type Field, type Target, type TargetType, type TranslationEntry } from "./targets";

export type Keys = { company_id: string; store_id: string };
export type TargetRef = { target_type: TargetType; target_id: string };
/** A content to translate; with `target`, the record its caller just wrote, which is then not read again. */
export type TranslateRef = TargetRef & { target?: Target };

const PENDING = "translate";
/** A queued or in-progress job untouched for this long is taken as lost and sent again. */
export const RESUME_AFTER_MS = 5 * 60_000;

/**
 * What every job of a store needs: the languages to translate into, the glossary, the plan's cap.
 * A store command passes the store it loaded, so it is not read twice.
 */
export async function translationContext(keys: Keys, loaded?: StoreRecord) {
  const [store, glossary] = await Promise.all([loaded ?? storeById(keys.store_id), glossaryOf(keys)]);
  const plan = await storePlan(store);
  const allowed = new Set<string>(plan ? PLAN_CONFIG[plan].languages : []);
  const chosen = new Set<string>(store.languages ?? []);
  return {
    /** The store's menu languages that its plan allows, the source excluded. */
    languages: MENU_LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE && chosen.has(l) && allowed.has(l)) as Exclude<MenuLanguage, "ru">[],
    /** Languages the plan allows (manual translations may be written for these). */
    planLanguages: MENU_LANGUAGES.filter((l) => l !== SOURCE_LANGUAGE && allowed.has(l)),
    glossary,
    cap: plan ? PLAN_CONFIG[plan].translationCap : 0,
  };
}
export type TranslationContext = Awaited<ReturnType<typeof translationContext>>;

export async function glossaryOf(keys: Keys): Promise<GlossaryEntry[]> {
  const { data } = await Db().entities.abbreviation.query.byStore(keys).go({ pages: "all" });
  return data.map(({ abbreviation, full_form, keep }) => ({ abbreviation, full_form, ...(keep ? { keep } : {}) }));
}

/** The source hash of each field with text, as a translation made or checked now would record it. */
export function sourceHashes(target: Target, glossary: GlossaryEntry[]) {
  const hashes: Partial<Record<`${Field}_hash`, string>> = {};
  for (const field of Object.keys(target.sources) as Field[]) {
    const source = preparedSource(target.sources[field] ?? "", fieldKind(field), glossary);
    if (source.segments.length) hashes[`${field}_hash`] = source.hash;
  }
  return hashes;
}

/**
 * A hand-made or checked translation whose source changed since it was written or checked: staff
 * should look at it again. Entries from before hashes were kept for them are taken as current.
 */
export function isOutdated(target: Target, lang: string, glossary: GlossaryEntry[]) {
  const entry = target.translations[lang];
  if (!isKept(entry)) return false;
  const now = sourceHashes(target, glossary);
  return (Object.keys(now) as (keyof typeof now)[]).some((key) => entry![key] !== undefined && entry![key] !== now[key]);
}

/** Staff vouch for a hand-made or checked translation: the engine never replaces it. */
export const isKept = (entry: TranslationEntry | undefined) => !!(entry?.manual || entry?.checked);

/** The fields of a content whose translation into `lang` is missing or was made from another source. */
export function staleFields(target: Target, lang: string, glossary: GlossaryEntry[]) {
  const entry = target.translations[lang];
  if (isKept(entry)) return [];
  return (Object.keys(target.sources) as Field[]).filter((field) => {
    const source = preparedSource(target.sources[field] ?? "", fieldKind(field), glossary);
    return source.segments.length > 0 && (entry?.[field] === undefined || entry[`${field}_hash`] !== source.hash);
  });
}

export const rowKey = (keys: Keys, ref: TargetRef, language: string) => ({ ...keys, ...ref, language: language as Exclude<MenuLanguage, "ru"> });

/**
 * Queues the translation of these contents into every language where it is missing or out of date
 * (a changed source or glossary entry). Answers how many contents were queued.
 */
export async function requestTranslation(keys: Keys, given: TranslateRef[], context?: TranslationContext, options?: SendOptions) {
  const refs = given.map(({ target_type, target_id }): TargetRef => ({ target_type, target_id }));
  // The texts changed: the checklist's count of untranslated ones is counted again.
  await requestFactsRefresh(keys, refs);
  const ctx = context ?? (await translationContext(keys));
  if (!ctx.languages.length || !refs.length) return 0;
  // Read side by side, rows written 25 a request, a message per JOB_CONTENTS contents: an import's
  // chunk of 250 items costs a few round trips instead of 500 one after the other.
  const targets = await Promise.all(given.map((g) => g.target ?? contentOf(g.target_type).load(keys, g.target_id)));
  const work = refs.flatMap((ref, i) => {
    const target = targets[i];
    const languages = target ? ctx.languages.filter((lang) => staleFields(target, lang, ctx.glossary).length) : [];
    const chars = Object.values(target?.sources ?? {}).reduce((n, text) => n + (text?.length ?? 0), 0);
    return languages.length ? [{ ref, languages, chars }] : [];
  });
  if (!work.length) return 0;
  const rows = work.flatMap(({ ref, languages }) => languages.map((lang) => ({ ...rowKey(keys, ref, lang), status: "queued" as const, attempts: 0 })));
  await putRows(rows);
  await Db().entities.translationPending.put({ partition: PENDING, ...keys }).go();
  await sendJobs(keys, work, options);
  return work.length;
}

/**
 * Contents and their source characters per `translate` message: each message is a bounded job,
 * within the translate worker's time per message (stacks/Workers.ts) whatever the engine.
 */
export const JOB_CONTENTS = 25;
export const JOB_CHARS = 5_000;
/**
 * The `translate` messages of these contents: at most JOB_CONTENTS contents and JOB_CHARS source
 * characters a message (a content of unknown size, or a larger one, goes alone).
 */
async function sendJobs(keys: Keys, contents: { ref: TargetRef; chars?: number }[], options?: SendOptions) {
  const messages: TargetRef[][] = [];
  let chars = Infinity;
  for (const { ref, chars: size = JOB_CHARS } of contents) {
    const last = messages.at(-1);
    if (last && last.length < JOB_CONTENTS && chars + size <= JOB_CHARS) {
      last.push(ref);
      chars += size;
    } else {
      messages.push([ref]);
      chars = size;
    }
  }
  await Promise.all(messages.map((targets) => usePorts().queue.send("translate", { company_id: keys.company_id, store_id: keys.store_id, targets }, options)));
}

/** Translation rows written side by side, 25 a request, 8 requests at a time (an import chunk of 100 items in 5 languages: 20 requests). */
export const putRows = (rows: (ReturnType<typeof rowKey> & { status: "queued" | "in_progress" | "error" | "completed"; error?: string; attempts: number })[]) =>
  untilProcessed(rows, (batch) => Db().entities.translation.put(batch).go({ concurrent: 8 }));

/**
 * Sends again the jobs whose message was lost (queued or in progress, untouched for `staleMs`):
 * the scheduled job runs it on every tick, the local runtime at start with 0.
 */
export async function resumeTranslations(now = clock.now(), staleMs = RESUME_AFTER_MS) {
  const { data: stores } = await Db().entities.translationPending.query.byPartition({ partition: PENDING }).go({ pages: "all" });
  const before = new Date(now.getTime() - staleMs).toISOString();
  let sent = 0;
  for (const { company_id, store_id } of stores) {
    const keys = { company_id, store_id };
    const { data: rows } = await Db().entities.translation.query.byStore(keys).go({ pages: "all" });
    const open = rows.filter((r) => r.status === "queued" || r.status === "in_progress");
    if (!open.length) {
      await Db().entities.translationPending.delete({ partition: PENDING, ...keys }).go();
      continue;
    }
    const lost = new Map(open.filter((r) => r.updated_at <= before).map((r) => [`${r.target_type}#${r.target_id}`, r]));
    await sendJobs(keys, [...lost.values()].map(({ target_type, target_id }) => ({ ref: { target_type, target_id } })));
    sent += lost.size;
  }
  return sent;
}
