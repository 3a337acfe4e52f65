/**
 * What staff do with translations (issue 12): the statuses of section 7, the store's overview
 * (engine, languages, volume used, every job row), hand-made translations and "back to automatic",
 * and queuing everything missing. Every call on a store is a store command.
 */
import { z } from "zod";
import { Db } from "../db/service";
import { storeCommand, type StoreContext } from "../command/store-command";
import { usePorts } from "../ports";
import { UserError } from "../shared/errors";
import { fn } from "../shared/fn";
import { assertSignedIn, canManageStore } from "../shared/policy";
import { TRANSLATION_STATUSES } from "../shared/model";
import { isOutdated, sourceHashes } from "../translation/jobs";
import { requestStoreTranslation } from "../translation/sweep";
import { usageOf } from "../translation/worker";
import type { GlossaryEntry } from "../translation/text";
import { factsOf, requestFactsRefresh } from "../store/facts";
import { manualTranslationForm, TARGET_TYPES, TranslationLanguage, type TargetType, type TranslationStatus } from "./schemas";
import { translationsInfo } from "../shared/translations-info";
import { contentOf, translatableTypes } from "../translation/contents";
import { entryExtras, type Field, type Target, type TranslationEntry, type Translations } from "../translation/targets";
import { isConditionFailure } from "../shared/conflict";

const Id = z.string().min(1).max(64);

/** Body of POST /api/translations/statuses: products by default, `type: "Category"` for categories. */
export const StatusesInput = z.object({ ids: z.array(Id).min(1).max(100), type: z.enum(["Category", "Promotion", "Store"]).optional() });

type Row = { language: string; status: (typeof TRANSLATION_STATUSES)[number]; error?: string };

/** One content's status over its languages (see TranslationStatus). */
export function overallStatus(rows: Row[]): TranslationStatus["status"] {
  if (rows.some((r) => r.status === "in_progress")) return "in_progress";
  if (rows.some((r) => r.status === "queued")) return "queued";
  if (rows.some((r) => r.status === "error")) return "failed";
  return "completed";
}

const languageStatuses = (rows: Row[]) =>
  Object.fromEntries(rows.map((r) => [r.language, { status: r.status, ...(r.error ? { error: r.error } : {}) }]));

/**
 * POST /api/translations/statuses: unknown (deleted) ids are left out; an id of another tenant's
 * content answers "not found" like every other call that addresses it. A content without jobs has
 * nothing to wait for: completed.
 */
export const translationStatuses = fn(StatusesInput, async ({ ids, type }) => {
  const accessor = contentOf(type ?? "Item");
  const actor = assertSignedIn();
  const targets = (await Promise.all([...new Set(ids)].map((id) => accessor.byId(id)))).filter((t): t is Target => !!t);
  if (targets.some((t) => !canManageStore(actor, t.company_id, t.store_id))) throw new UserError("notFound", 404);
  return Promise.all(
    targets.map(async ({ id, store_id }): Promise<TranslationStatus> => {
      const { data } = await Db().entities.translation.query.byTarget({ target_id: id }).go({ pages: "all" });
      const rows = data.filter((r) => r.store_id === store_id);
      return { id, status: overallStatus(rows), languages: languageStatuses(rows) };
    }),
  );
});

/** Every hand-made or checked translation of the store whose source changed since it was written or checked. */
async function outdatedOf(keys: { company_id: string; store_id: string }, glossary: GlossaryEntry[]) {
  const found: { target_type: TargetType; target_id: string; language: string }[] = [];
  for (const target_type of translatableTypes()) {
    for (const target of await contentOf(target_type).all(keys)) {
      for (const language of Object.keys(target.translations)) {
        if (isOutdated(target, language, glossary)) found.push({ target_type, target_id: target.id, language });
      }
    }
  }
  return found;
}

/** settings/translations-map and the admin lists: the engine, languages, this month's volume and every job. */
export const storeTranslations = storeCommand(z.object({ store_id: Id }), {}, async ({ keys, translation }) => {
  const [ctx, usage, { data }, outdated] = await Promise.all([
    translation(),
    usageOf(keys),
    Db().entities.translation.query.byStore(keys).go({ pages: "all" }),
    translation().then(({ glossary }) => outdatedOf(keys, glossary)),
  ]);
  return {
    /** Hand-made or checked translations whose source changed since: staff should check them. */
    outdated,
    engine: usePorts().translator.name,
    languages: ctx.languages,
    plan_languages: ctx.planLanguages,
    usage: { ...usage, cap: ctx.cap },
    jobs: data.map((r) => ({
      target_type: r.target_type,
      target_id: r.target_id,
      language: r.language,
      status: r.status,
      ...(r.error ? { error: r.error } : {}),
      updated_at: r.updated_at,
    })),
  };
});

/**
 * "Translate everything missing": queues every content of the store with a missing or outdated
 * translation. The sweep runs on the translate queue; the count answered is the kept one (the
 * checklist's), so the call costs the same whatever the store's size.
 */
export const translateStore = storeCommand(z.object({ store_id: Id }), {}, async ({ keys, translation }) => {
  if (!(await translation()).languages.length) return { queued: 0 };
  const [facts] = await Promise.all([factsOf(keys), requestStoreTranslation(keys)]);
  return { queued: facts.translations_missing ?? 0 };
});

export const TranslationRef = z.object({ store_id: Id, target_type: z.enum(TARGET_TYPES), target_id: Id, language: TranslationLanguage });

const NOT_FOUND = { Item: "itemNotFound", Category: "categoryNotFound", Promotion: "promotionNotFound", Store: "storeNotFound" } as const;

async function targetOf({ keys, translation }: StoreContext, target_type: TargetType, target_id: string, language: string) {
  const ctx = await translation();
  if (!(ctx.planLanguages as string[]).includes(language)) throw new UserError("featureNotInPlan", 409, { field: "language" });
  const target = await contentOf(target_type).load(keys, target_id);
  if (!target) throw new UserError(NOT_FOUND[target_type], 404);
  return { keys, target, glossary: ctx.glossary };
}

/** Changes one language of a content, reading it again if it changed meanwhile. */
async function changeLanguage(keys: { company_id: string; store_id: string }, type: TargetType, first: Target, change: (t: Translations) => void) {
  let target: Target | undefined = first;
  for (let attempt = 0; target && attempt < 5; attempt++) {
    const translations = { ...target.translations };
    change(translations);
    try {
      await contentOf(type).save(keys, target.id, translations, target.updated_at);
      return translations;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      target = await contentOf(type).load(keys, first.id);
    }
  }
  throw new UserError("requestFailed", 409);
}

/** The fields of a hand-made translation as stored: empty ones left out (they fall back), a store's phone notes as lines. */
function writtenFields(type: TargetType, values: Record<string, unknown>, target: Target): TranslationEntry {
  const form = manualTranslationForm(type).parse(values);
  if (!("title" in form)) {
    const phones = form.phones ?? [];
    // A note per phone, in the phones' order (the editor shows one field per phone).
    if (phones.length && phones.length !== (target.sources.phones ?? "").split("\n").length) throw new UserError("valueIncorrect", 400, { field: "phones" });
    return { ...(form.address ? { address: form.address } : {}), ...(phones.some(Boolean) ? { phones: phones.join("\n") } : {}) };
  }
  return { title: form.title, ...(form.description ? { description: form.description } : {}) };
}

/** Whether an entry holds any translated text of the content. */
const hasText = (target: Target, entry: TranslationEntry | undefined) => (Object.keys(target.sources) as Field[]).some((field) => entry?.[field]);

/**
 * A hand-made translation: marked manual, so auto-translation never overwrites it. Each field
 * follows the rules of its source field; a description is rich text like the source's.
 */
export const saveManualTranslation = storeCommand(
  TranslationRef.extend({ title: z.string().optional(), description: z.string().optional(), address: z.string().optional(), phones: z.array(z.string()).optional() }),
  { publish: "store" },
  async (ctx, { store_id: _store, target_type, target_id, language, ...values }) => {
    const { keys, target, glossary } = await targetOf(ctx, target_type, target_id, language);
    const fields = writtenFields(target_type, values, target);
    // Written against today's source: it becomes "outdated" when the source changes.
    const translations = await changeLanguage(keys, target_type, target, (t) => {
      t[language] = { ...entryExtras(t[language]), ...fields, manual: true, ...sourceHashes(target, glossary) };
    });
    await Db().entities.translation.put({ ...keys, target_type, target_id, language, status: "completed", attempts: 0 }).go();
    await requestFactsRefresh(keys, [{ target_type, target_id }]);
    return { id: target_id, translations: translationsInfo(translations) };
  },
);

/**
 * "Checked": staff read the translation and vouch for it against today's source. A machine one is
 * then kept like a hand-made one (the engine no longer replaces it); an outdated one is current again.
 */
export const checkTranslation = storeCommand(TranslationRef, {}, async (ctx, { target_type, target_id, language }) => {
  const { keys, target, glossary } = await targetOf(ctx, target_type, target_id, language);
  const entry = target.translations[language];
  if (!hasText(target, entry)) throw new UserError("valueIncorrect", 409, { field: "language" });
  const translations = await changeLanguage(keys, target_type, target, (t) => {
    const current = t[language]!;
    t[language] = { ...current, ...(current.manual ? {} : { checked: true }), ...sourceHashes(target, glossary) };
  });
  await requestFactsRefresh(keys, [{ target_type, target_id }]);
  return { id: target_id, translations: translationsInfo(translations) };
});

/** "Back to automatic": the hand-made translation goes and the language is queued for the engine. */
export const resetManualTranslation = storeCommand(TranslationRef, { publish: "store", translate: true }, async (ctx, { target_type, target_id, language }) => {
  const { keys, target } = await targetOf(ctx, target_type, target_id, language);
  const translations = await changeLanguage(keys, target_type, target, (t) => {
    // A store's name in the language is not a translation: it stays.
    const extras = entryExtras(t[language]);
    if (Object.keys(extras).length) t[language] = extras;
    else delete t[language];
  });
  await Db().entities.translation.delete({ ...keys, target_type, target_id, language }).go();
  ctx.translate([{ target_type, target_id }]);
  return { id: target_id, translations: translationsInfo(translations) };
});
