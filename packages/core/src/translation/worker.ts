/**
 * The worker of the `translate` queue (issue 12): a job's contents, read through the registry
 * (contents.ts), translated a language at a time through the engine port within the plan's monthly
 * volume, saved unless staff vouch for the translation, and the menu republished.
 */
import { Db } from "../db/service";
import { usePorts } from "../ports";
import { EngineError } from "../ports/translator";
import { inGroups, untilProcessed } from "../shared/batch";
import { clock } from "../shared/clock";
import { isConditionFailure } from "../shared/conflict";
import { NO_ENGINE_REASON, SOURCE_LANGUAGE, TRANSLATION_TARGETS } from "../shared/model";
import { requestPublish } from "../publish/request";
import { requestFactsRefresh } from "../store/facts";
import { contentOf, isTranslatable } from "./contents";
import { isKept, JOB_CONTENTS, putRows, rowKey, staleFields, translationContext, type Keys, type TargetRef, type TranslationContext } from "./jobs";
import { fieldKind, type Field, type Target, type TranslationEntry } from "./targets";
import { preparedSource } from "./text";

export const VOLUME_REACHED = "monthly translation volume reached";
/** Deliveries of a job that may end in a retryable engine error before it ends in error. */
export const MAX_ATTEMPTS = 5;

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
  const accessor = contentOf(ref.target_type);
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

/** Contents a job saves at a time (each save also rewrites its search terms). */
const SAVES_AT_ONCE = 5;

const isRef = (ref: unknown): ref is TargetRef =>
  !!ref && typeof (ref as TargetRef).target_id === "string" && isTranslatable((ref as TargetRef).target_type);

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
    Promise.all(types.map((type) => contentOf(type).loadMany(keys, refs.filter((ref) => ref.target_type === type).map((ref) => ref.target_id)))),
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
  // Each content says what of the menu its translation changes: an item is patched into its chunk;
  // other texts (a category's, a promotion's, the store's) are read whole by every publish.
  const translated = contents.filter((content) => done.some((o) => o.content === content));
  if (translated.length) {
    const items = translated.flatMap(({ ref, target }) => contentOf(ref.target_type).scopeItem?.(target) ?? []);
    await requestPublish(keys, { categories: [], items });
  }
  await requestFactsRefresh(keys, refs);
  if (retry) throw new EngineError(retry, true);
}
