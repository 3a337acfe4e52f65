/**
 * Translation jobs (issue 12): a row per content and language is the job, the `translate` queue only
 * delivers. Requests queue what is missing or out of date; the worker translates through the engine
 * port, keeps hand-made translations, spends the plan's monthly volume and republishes the menu.
 */
import { Db } from "../db/service";
import { usePorts } from "../ports";
import { requestPublish } from "../store/publish-request";
import { requestFactsRefresh } from "../store/facts";
import { inGroups, untilProcessed } from "../shared/batch";
import { clock } from "../shared/clock";
import { MENU_LANGUAGES, NO_ENGINE_REASON, SOURCE_LANGUAGE, TRANSLATION_TARGETS, type MenuLanguage } from "../shared/model";
import { storeById, type StoreRecord } from "../store/store";
import { PLAN_CONFIG } from "../subscription/plans";
import { storePlan } from "../subscription/gate";
import { EngineError } from "../ports/translator";
import type { SendOptions } from "../ports/queue";
import { preparedSource, type GlossaryEntry } from "./text";
import { fieldKind, TARGETS, type Field, type Target, type TargetType, type TranslationEntry } from "./targets";
import { isConditionFailure } from "../shared/conflict";

type Keys = { company_id: string; store_id: string };
export type TargetRef = { target_type: TargetType; target_id: string };
/** A content to translate; with `target`, the record its caller just wrote, which is then not read again. */
export type TranslateRef = TargetRef & { target?: Target };

const PENDING = "translate";
export const VOLUME_REACHED = "monthly translation volume reached";
/** Deliveries of a job that may end in a retryable engine error before it ends in error. */
export const MAX_ATTEMPTS = 5;
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

const rowKey = (keys: Keys, ref: TargetRef, language: string) => ({ ...keys, ...ref, language: language as Exclude<MenuLanguage, "ru"> });

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
  const targets = await Promise.all(given.map((g) => g.target ?? TARGETS[g.target_type].load(keys, g.target_id)));
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

/** Contents read per message of a store-wide sweep, so each message's work is bounded whatever the store's size. */
export const SWEEP_PAGE = 200;
const SWEEP_ORDER = Object.keys(TARGETS) as TargetType[];

/**
 * Queues everything of the store that is missing or out of date ("translate everything missing",
 * languages added): no request reads the whole store; a sweep on the translate queue does, one page
 * per message (`sweepStoreTranslation`).
 */
export async function requestStoreTranslation(keys: Keys) {
  // Store-wide: every text's facts are counted again (those that became translated as well).
  await requestFactsRefresh(keys);
  await usePorts().queue.send("translate", { company_id: keys.company_id, store_id: keys.store_id, sweep: SWEEP_ORDER[0] });
}

/** A sweep's message: the kind of content and the page of it to look at next. */
export type SweepMessage = Keys & { sweep: TargetType; cursor?: string | null };
export const isSweepMessage = (message: Record<string, unknown>): message is SweepMessage =>
  typeof message.company_id === "string" && typeof message.store_id === "string" && SWEEP_ORDER.includes(message.sweep as TargetType);

/** One page of a store-wide sweep: queues what of it is stale; answers the next page's message. */
async function sweepPage({ company_id, store_id, sweep, cursor }: SweepMessage): Promise<SweepMessage | undefined> {
  const keys = { company_id, store_id };
  const ctx = await translationContext(keys);
  if (!ctx.languages.length) return undefined;
  const page = await TARGETS[sweep].page(keys, cursor ?? null, SWEEP_PAGE);
  const stale = page.targets.filter((target) => ctx.languages.some((lang) => staleFields(target, lang, ctx.glossary).length));
  await requestTranslation(keys, stale.map((target) => ({ target_type: sweep, target_id: target.id, target })), ctx);
  const after = SWEEP_ORDER[SWEEP_ORDER.indexOf(sweep) + 1];
  return page.cursor ? { ...keys, sweep, cursor: page.cursor } : after ? { ...keys, sweep: after } : undefined;
}

/** The translate worker's part of a sweep: one page, then the next page's message. */
export async function sweepStoreTranslation(message: SweepMessage) {
  const next = await sweepPage(message);
  if (next) await usePorts().queue.send("translate", next);
}

/** The whole sweep at once, for the demo seed (no request waits for it). */
export async function queueWholeStore(keys: Keys) {
  await requestFactsRefresh(keys);
  for (let next = await sweepPage({ ...keys, sweep: SWEEP_ORDER[0]! }); next; next = await sweepPage(next));
}

const month = () => clock.now().toISOString().slice(0, 7);

/** Takes `chars` from the store's monthly volume; false when the cap would be passed. */
async function spend(keys: Keys, chars: number, cap: number | null) {
  const usage = Db().entities.translationUsage.update({ ...keys, month: month() }).add({ chars });
  if (cap === null) {
    await usage.go();
    return true;
  }
  if (chars > cap) return false;
  try {
    await usage.where((a, op) => `${op.notExists(a.chars)} OR ${op.lte(a.chars, cap - chars)}`).go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function usageOf(keys: Keys) {
  const { data } = await Db().entities.translationUsage.get({ ...keys, month: month() }).go();
  return { month: month(), used: data?.chars ?? 0 };
}

/** One content of a job, with its translation rows as the job found them. */
type Content = { ref: TargetRef; target: Target; rowOf: Map<string, { attempts?: number }> };
type Work = { content: Content; lang: string; fields: Field[] };
type Outcome = Work & ({ entry: Partial<Record<Field, { text: string; hash: string }>> } | { error: string; retryable: boolean });
type Done = Extract<Outcome, { entry: unknown }>;

/**
 * One language of a job's contents: all their stale fields in one engine call (the adapter splits it
 * into the engine's own batches), the volume spent once. All or nothing, except that a batch over
 * the cap, or refused by the engine for something other than the engine's absence, is tried
 * content by content, so one content cannot fail the others.
 */
async function translateLanguage(keys: Keys, works: Work[], lang: string, ctx: TranslationContext): Promise<Outcome[]> {
  if (!works.length) return [];
  const oneByOne = async () => (await Promise.all(works.map((work) => translateLanguage(keys, [work], lang, ctx)))).flat();
  const prepared = works.map(({ content, fields }) =>
    fields.map((field) => ({ field, ...preparedSource(content.target.sources[field] ?? "", fieldKind(field), ctx.glossary) })),
  );
  const texts = prepared.flat().flatMap((p) => p.segments);
  const chars = texts.reduce((n, t) => n + t.length, 0);
  if (!(await spend(keys, chars, ctx.cap))) return works.length > 1 ? oneByOne() : [{ ...works[0]!, error: VOLUME_REACHED, retryable: false }];
  let translated: string[];
  try {
    translated = await usePorts().translator.translate(texts, SOURCE_LANGUAGE, lang);
    if (translated.length !== texts.length) throw new EngineError("the translation engine answered a wrong number of texts", false);
  } catch (error) {
    await spend(keys, -chars, null);
    if (!(error instanceof EngineError)) throw error;
    if (works.length > 1 && !error.retryable && error.reason !== NO_ENGINE_REASON) return oneByOne();
    return works.map((work) => ({ ...work, error: error.reason, retryable: error.retryable }));
  }
  let at = 0;
  return works.map((work, i) => {
    const entry: Partial<Record<Field, { text: string; hash: string }>> = {};
    for (const p of prepared[i]!) {
      entry[p.field] = { text: p.rebuild(translated.slice(at, at + p.segments.length)), hash: p.hash };
      at += p.segments.length;
    }
    return { ...work, entry };
  });
}

/**
 * Writes finished translations into the content. A content changed meanwhile is read again and
 * only the fields whose source is still the one translated are written; hand-made ones always win.
 */
async function saveTranslations(keys: Keys, ref: TargetRef, first: Target, done: Done[], ctx: TranslationContext) {
  const accessor = TARGETS[ref.target_type];
  let target: Target | undefined = first;
  for (let attempt = 0; target && attempt < 5; attempt++) {
    const current: Target = target;
    const translations = { ...current.translations };
    for (const { lang, entry } of done) {
      if (isKept(translations[lang])) continue;
      const next: TranslationEntry = { ...translations[lang] };
      for (const [field, value] of Object.entries(entry) as [Field, { text: string; hash: string }][]) {
        if (preparedSource(current.sources[field] ?? "", fieldKind(field), ctx.glossary).hash !== value.hash) continue;
        next[field] = value.text;
        next[`${field}_hash`] = value.hash;
      }
      translations[lang] = next;
    }
    try {
      await accessor.save(keys, ref.target_id, translations, current.updated_at);
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      target = await accessor.load(keys, ref.target_id);
    }
  }
}

/**
 * Contents and their source characters per `translate` message: each message is a bounded job,
 * within the translate worker's time per message (stacks/Workers.ts) whatever the engine.
 */
export const JOB_CONTENTS = 25;
export const JOB_CHARS = 5_000;
/** Contents a job saves at a time (each save also rewrites its search terms). */
const SAVES_AT_ONCE = 5;

const isRef = (ref: unknown): ref is TargetRef =>
  !!ref && typeof (ref as TargetRef).target_id === "string" && String((ref as TargetRef).target_type) in TARGETS;

/** A job's message: its store and contents (`targets`; a single `target_type`/`target_id` as messages sent before were). */
function parseMessage(message: Record<string, unknown>): Keys & { refs: TargetRef[] } {
  const { company_id, store_id } = message;
  const given = Array.isArray(message.targets) ? (message.targets as unknown[]) : [message];
  if (typeof company_id !== "string" || typeof store_id !== "string" || !given.length || given.length > JOB_CONTENTS || !given.every(isRef)) {
    throw new Error(`translate: malformed message ${JSON.stringify(message)}`);
  }
  return { company_id, store_id, refs: given.map(({ target_type, target_id }) => ({ target_type, target_id })) };
}

/** A job's contents and their translation rows, read in batches (a few requests for JOB_CONTENTS contents). */
async function contentsOf(keys: Keys, refs: TargetRef[]) {
  const types = [...new Set(refs.map((ref) => ref.target_type))];
  const [loaded, rows] = await Promise.all([
    Promise.all(types.map((type) => TARGETS[type].loadMany(keys, refs.filter((ref) => ref.target_type === type).map((ref) => ref.target_id)))),
    untilProcessed(
      refs.flatMap((ref) => TRANSLATION_TARGETS.map((lang) => rowKey(keys, ref, lang))),
      (batch) => Db().entities.translation.get(batch).go({ concurrent: 2 }),
    ),
  ]);
  const targets = new Map(types.map((type, i) => [type, loaded[i]!]));
  return refs.map((ref) => ({
    ref,
    target: targets.get(ref.target_type)!.get(ref.target_id),
    rows: rows.filter((row) => row.target_type === ref.target_type && row.target_id === ref.target_id),
  }));
}

/** Translation rows written side by side, 25 a request, 8 requests at a time (an import chunk of 100 items in 5 languages: 20 requests). */
const putRows = (rows: (ReturnType<typeof rowKey> & { status: "queued" | "in_progress" | "error" | "completed"; error?: string; attempts: number })[]) =>
  untilProcessed(rows, (batch) => Db().entities.translation.put(batch).go({ concurrent: 8 }));

/**
 * The worker of the `translate` queue: up to JOB_CONTENTS contents of a store, every language they
 * need, each language in one engine call. Idempotent (work is decided by the source hashes, not by
 * the message). A retryable engine failure is thrown so the queue redelivers the message, until
 * MAX_ATTEMPTS; then the row ends in error with the reason.
 */
export async function translationJob(message: Record<string, unknown>) {
  const { refs, ...keys } = parseMessage(message);
  const [ctx, found] = await Promise.all([translationContext(keys), contentsOf(keys, refs)]);
  // Contents deleted, or languages no longer offered: their rows go.
  const gone = found.flatMap(({ ref, target, rows }) => rows.filter((r) => !target || !ctx.languages.includes(r.language as never)).map((r) => rowKey(keys, ref, r.language)));
  if (gone.length) await untilProcessed(gone, (batch) => Db().entities.translation.delete(batch).go({ concurrent: 4 }));
  const contents: Content[] = found.flatMap(({ ref, target, rows }) => (target ? [{ ref, target, rowOf: new Map(rows.map((r) => [r.language as string, r])) }] : []));
  if (!contents.length) return;

  const row = (work: Work, fields: { status: "queued" | "in_progress" | "error" | "completed"; error?: string; attempts?: number }) => ({
    ...rowKey(keys, work.content.ref, work.lang),
    attempts: work.content.rowOf.get(work.lang)?.attempts ?? 0,
    ...fields,
  });
  const works = contents.flatMap((content) => ctx.languages.map((lang) => ({ content, lang, fields: staleFields(content.target, lang, ctx.glossary) })));
  await putRows(works.filter((w) => w.fields.length || w.content.rowOf.has(w.lang)).map((w) => row(w, { status: w.fields.length ? "in_progress" : "completed" })));
  const todo = works.filter((w) => w.fields.length);
  const outcomes = (await Promise.all(ctx.languages.map((lang) => translateLanguage(keys, todo.filter((w) => w.lang === lang), lang, ctx)))).flat();

  const done = outcomes.filter((o): o is Done => "entry" in o);
  await inGroups(contents, SAVES_AT_ONCE, async (content) => {
    const own = done.filter((o) => o.content === content);
    if (own.length) await saveTranslations(keys, content.ref, content.target, own, ctx);
  });
  let retry: string | undefined;
  await putRows(
    outcomes.map((o) => {
      if ("entry" in o) return row(o, { status: "completed" });
      const attempts = (o.content.rowOf.get(o.lang)?.attempts ?? 0) + 1;
      if (o.retryable && attempts < MAX_ATTEMPTS) {
        retry = o.error;
        return row(o, { status: "queued", attempts });
      }
      return row(o, { status: "error", error: o.error, attempts });
    }),
  );
  // Only the items' categories are rebuilt; a category's or promotion's texts are read whole by every publish.
  const translated = contents.filter((content) => done.some((o) => o.content === content));
  if (translated.length) {
    const items = translated.flatMap(({ ref, target }) => (ref.target_type === "Item" && target.category_id ? [{ category_id: target.category_id, item_id: ref.target_id }] : []));
    const categories = [...new Set(translated.flatMap(({ ref, target }) => (ref.target_type !== "Item" && target.category_id ? [target.category_id] : [])))];
    await requestPublish(keys, { categories, items });
  }
  await requestFactsRefresh(keys, refs);
  if (retry) throw new EngineError(retry, true);
}

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
