/**
 * The store's translation facts (issue 31): how many texts miss a current translation, per menu
 * language, and how many jobs failed. Counted here, by the translate worker after translation work
 * (store/facts.ts `requestFactsRefresh`), so the setup checklist reads them with one GetItem. They
 * are counted, not kept per write, because a text's staleness also changes with the glossary and
 * the store's languages, which no content write sees.
 */
import { Db } from "../db/service";
import { translationContext, staleFields, translationJob } from "./jobs";
import { TARGETS } from "./targets";

type Keys = { company_id: string; store_id: string };

export async function refreshTranslationFacts(keys: Keys) {
  // Requests from now on queue another run: this one may already have read what they changed.
  await Db().entities.storeFacts.update(keys).set({ refresh_queued: false }).go();
  const [ctx, items, categories, promotions, rows] = await Promise.all([
    translationContext(keys),
    TARGETS.Item.all(keys),
    TARGETS.Category.all(keys),
    TARGETS.Promotion.all(keys),
    Db().entities.translation.query.byStore(keys).go({ pages: "all", attributes: ["status"] }),
  ]);
  const texts = [...items, ...categories, ...promotions];
  // A text is missing a translation when any of the store's languages lacks a current one (a
  // hand-made one always counts); queued, running and failed jobs are missing ones too.
  const missing_by_language = Object.fromEntries(
    ctx.languages.map((lang) => [lang, texts.filter((t) => staleFields(t, lang, ctx.glossary).length).length]),
  );
  const translations_missing = texts.filter((t) => ctx.languages.some((lang) => staleFields(t, lang, ctx.glossary).length)).length;
  const translations_failed = rows.data.filter((r) => r.status === "error").length;
  await Db().entities.storeFacts.update(keys).set({ translations_missing, missing_by_language, translations_failed }).go();
}

/** The worker of the `translate` queue: a content's translation, or a refresh of the store's facts. */
export async function translateQueueJob(message: Record<string, unknown>) {
  if (message.refresh === "facts" && typeof message.company_id === "string" && typeof message.store_id === "string") {
    await refreshTranslationFacts({ company_id: message.company_id, store_id: message.store_id });
    return;
  }
  await translationJob(message);
}
