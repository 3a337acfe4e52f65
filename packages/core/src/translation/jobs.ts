/**
 * Translation jobs (issue 12): a row per content and language is the job, the `translate` queue only
 * delivers. Requests queue what is missing or out of date; the worker translates through the engine
 * port, keeps hand-made translations, spends the plan's monthly volume and republishes the menu.
 */
import { Db } from "../db/service";
import { usePorts } from "../ports";
import { requestPublish } from "../store/publish-request";
import { requestFactsRefresh } from "../store/facts";
import { untilProcessed } from "../shared/batch";
import { clock } from "../shared/clock";
import { MENU_LANGUAGES, SOURCE_LANGUAGE, type MenuLanguage } from "../shared/model";
import { storeById, type StoreRecord } from "../store/store";
import { PLAN_CONFIG } from "../subscription/plans";
import { storePlan } from "../subscription/gate";
import { EngineError } from "../ports/translator";
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

async function rowsOf(keys: Keys, ref: TargetRef) {
  const { data } = await Db().entities.translation.query.byStore({ ...keys, ...ref }).go({ pages: "all" });
  return data;
}

/**
 * Queues the translation of these contents into every language where it is missing or out of date
 * (a changed source or glossary entry). Answers how many contents were queued.
 */
export async function requestTranslation(keys: Keys, given: TranslateRef[], context?: TranslationContext) {
  const refs = given.map(({ target_type, target_id }): TargetRef => ({ target_type, target_id }));
  // The texts changed: the checklist's count of untranslated ones is counted again.
  await requestFactsRefresh(keys, refs);
  const ctx = context ?? (await translationContext(keys));
  if (!ctx.languages.length || !refs.length) return 0;
  // Read side by side, rows written 25 a request, messages sent side by side: an import's chunk of
  // 250 items costs a few round trips instead of 500 one after the other.
  const targets = await Promise.all(given.map((g) => g.target ?? TARGETS[g.target_type].load(keys, g.target_id)));
  const work = refs.flatMap((ref, i) => {
    const target = targets[i];
    const languages = target ? ctx.languages.filter((lang) => staleFields(target, lang, ctx.glossary).length) : [];
    return languages.length ? [{ ref, languages }] : [];
  });
  if (!work.length) return 0;
  const rows = work.flatMap(({ ref, languages }) => languages.map((lang) => ({ ...rowKey(keys, ref, lang), status: "queued" as const, attempts: 0 })));
  await untilProcessed(rows, (batch) => Db().entities.translation.put(batch).go({ concurrency: 4 }));
  await Db().entities.translationPending.put({ partition: PENDING, ...keys }).go();
  await Promise.all(work.map(({ ref }) => usePorts().queue.send("translate", { ...keys, ...ref })));
  return work.length;
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

type Outcome =
  | { lang: string; entry: Partial<Record<Field, { text: string; hash: string }>> }
  | { lang: string; error: string; retryable: boolean };

/** One language of one content: all stale fields in one engine call, all or nothing. */
async function translateInto(keys: Keys, target: Target, lang: string, fields: Field[], ctx: TranslationContext): Promise<Outcome> {
  const prepared = fields.map((field) => ({ field, ...preparedSource(target.sources[field] ?? "", fieldKind(field), ctx.glossary) }));
  const texts = prepared.flatMap((p) => p.segments);
  const chars = texts.reduce((n, t) => n + t.length, 0);
  if (!(await spend(keys, chars, ctx.cap))) return { lang, error: VOLUME_REACHED, retryable: false };
  let translated: string[];
  try {
    translated = await usePorts().translator.translate(texts, SOURCE_LANGUAGE, lang);
    if (translated.length !== texts.length) throw new EngineError("the translation engine answered a wrong number of texts", false);
  } catch (error) {
    await spend(keys, -chars, null);
    if (error instanceof EngineError) return { lang, error: error.reason, retryable: error.retryable };
    throw error;
  }
  const entry: Partial<Record<Field, { text: string; hash: string }>> = {};
  let at = 0;
  for (const p of prepared) {
    entry[p.field] = { text: p.rebuild(translated.slice(at, at + p.segments.length)), hash: p.hash };
    at += p.segments.length;
  }
  return { lang, entry };
}

/**
 * Writes finished translations into the content. A content changed meanwhile is read again and
 * only the fields whose source is still the one translated are written; hand-made ones always win.
 */
async function saveTranslations(keys: Keys, ref: TargetRef, first: Target, done: Extract<Outcome, { entry: unknown }>[], ctx: TranslationContext) {
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

function parseMessage(message: Record<string, unknown>): Keys & TargetRef {
  const { company_id, store_id, target_type, target_id } = message;
  if (typeof company_id !== "string" || typeof store_id !== "string" || typeof target_id !== "string" || !(String(target_type) in TARGETS)) {
    throw new Error(`translate: malformed message ${JSON.stringify(message)}`);
  }
  return { company_id, store_id, target_type: target_type as TargetType, target_id };
}

/**
 * The worker of the `translate` queue: one content, every language it needs. Idempotent (work is
 * decided by the source hashes, not by the message). A retryable engine failure is thrown so the
 * queue redelivers the message, until MAX_ATTEMPTS; then the row ends in error with the reason.
 */
export async function translationJob(message: Record<string, unknown>) {
  const { target_type, target_id, ...keys } = parseMessage(message);
  const ref = { target_type, target_id };
  const [ctx, target, rows] = await Promise.all([translationContext(keys), TARGETS[target_type].load(keys, target_id), rowsOf(keys, ref)]);
  const rowOf = new Map(rows.map((r) => [r.language as string, r]));
  const setRow = (lang: string, fields: { status: "queued" | "in_progress" | "error" | "completed"; error?: string; attempts?: number }) =>
    Db()
      .entities.translation.put({ ...rowKey(keys, ref, lang), attempts: rowOf.get(lang)?.attempts ?? 0, ...fields })
      .go();

  // Content deleted, or languages no longer offered: their rows go.
  const gone = rows.filter((r) => !target || !ctx.languages.includes(r.language as never));
  if (gone.length) await Db().entities.translation.delete(gone.map((r) => rowKey(keys, ref, r.language))).go();
  if (!target) return;

  const work = ctx.languages.map((lang) => ({ lang, fields: staleFields(target, lang, ctx.glossary) }));
  await Promise.all(work.map(({ lang, fields }) => (fields.length || rowOf.has(lang) ? setRow(lang, { status: fields.length ? "in_progress" : "completed" }) : undefined)));
  const outcomes = await Promise.all(work.filter((w) => w.fields.length).map(({ lang, fields }) => translateInto(keys, target, lang, fields, ctx)));

  const done = outcomes.filter((o): o is Extract<Outcome, { entry: unknown }> => "entry" in o);
  if (done.length) await saveTranslations(keys, ref, target, done, ctx);
  let retry: string | undefined;
  await Promise.all(
    outcomes.map((o) => {
      if ("entry" in o) return setRow(o.lang, { status: "completed" });
      const attempts = (rowOf.get(o.lang)?.attempts ?? 0) + 1;
      if (o.retryable && attempts < MAX_ATTEMPTS) {
        retry = o.error;
        return setRow(o.lang, { status: "queued", attempts });
      }
      return setRow(o.lang, { status: "error", error: o.error, attempts });
    }),
  );
  // Only the item's category is rebuilt; a category's or promotion's texts are read whole by every publish.
  if (done.length) {
    const category = target.category_id ? [target.category_id] : [];
    const items = ref.target_type === "Item" ? category.map((category_id) => ({ category_id, item_id: ref.target_id })) : [];
    await requestPublish(keys, items.length ? { categories: [], items } : { categories: category });
  }
  await requestFactsRefresh(keys, [ref]);
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
    for (const r of lost.values()) {
      await usePorts().queue.send("translate", { ...keys, target_type: r.target_type, target_id: r.target_id });
      sent++;
    }
  }
  return sent;
}
