/**
 * The store's translation facts (issue 31): how many texts miss a current translation, in all and per
 * menu language, and how many have a failed job, so the setup checklist reads them with one GetItem.
 *
 * Kept per text: each text's share is a `textFacts` row, and the translate worker, asked by
 * `requestFactsRefresh` with the texts a change named, counts only those again and adds the
 * difference to the store's facts in the same transaction as the row. A text's staleness also
 * changes with the glossary and the store's languages, which no content write sees: when they
 * differ from what the facts were counted for (`counted_for`), or a change named too many texts
 * (an import), every text is counted once.
 */
import { createHash } from "node:crypto";
import { Db } from "../db/service";
import { untilProcessed } from "../shared/batch";
import { clock } from "../shared/clock";
import { isConditionFailure } from "../shared/conflict";
import { storeKeys } from "../shared/policy";
import { guardedWrite } from "../db/guarded-write";
import { requestFactsRefresh, sendFactsRefresh, textKey, type TextRef } from "../store/facts";
import { staleFields, translationContext, type TranslationContext } from "./jobs";
import { isSweepMessage, sweepStoreTranslation } from "./sweep";
import { translationJob } from "./worker";
import { contentOf } from "./contents";
import type { Target } from "./targets";
import type { TRANSLATION_TARGETS } from "../shared/model";

type Keys = { company_id: string; store_id: string };
type Language = (typeof TRANSLATION_TARGETS)[number];
type Share = { missing: Language[]; failed: Language[] };
const NONE: Share = { missing: [], failed: [] };
/** A share row as stored (its lists hold menu languages). */
const stored = (row: { missing?: string[]; failed?: string[] }): Share => ({ missing: (row.missing ?? []) as Language[], failed: (row.failed ?? []) as Language[] });
/** How long one run may hold the store's count (the worker's timeout is 60 s). */
const LEASE_MS = 2 * 60_000;
/** Texts counted per run; the rest wait for the next run, queued at once. */
const TEXTS_PER_RUN = 500;

/** What the translation facts depend on besides the texts: the store's languages and its glossary. */
export const factsSignature = (ctx: TranslationContext) =>
  createHash("sha256").update(JSON.stringify([ctx.languages, ctx.glossary])).digest("base64url").slice(0, 16);

/** A text's share: the languages it lacks a current translation in, and those whose job failed. */
function shareOf(target: Target | undefined, failedRows: readonly string[], ctx: TranslationContext): Share {
  if (!target) return NONE;
  return {
    missing: ctx.languages.filter((lang) => staleFields(target, lang, ctx.glossary).length),
    failed: ctx.languages.filter((lang) => failedRows.includes(lang)),
  };
}

const sameShare = (a: Share, b: Share) => a.missing.join() === b.missing.join() && a.failed.join() === b.failed.join();

export async function refreshTranslationFacts(of: Keys) {
  const keys = storeKeys(of);
  const e = Db().entities;
  const now = clock.now();
  // One run per store at a time (a count of every text sets the totals it read). A run that finds
  // the lease taken leaves its work to the holder, which sends one more run if any was asked for.
  try {
    await e.storeFacts
      .update(keys)
      .set({ refresh_lease_until: new Date(now.getTime() + LEASE_MS).toISOString() })
      .where((a, op) => `${op.notExists(a.refresh_lease_until)} OR ${op.lt(a.refresh_lease_until, now.toISOString())}`)
      .go();
  } catch (error) {
    if (isConditionFailure(error)) return;
    throw error;
  }
  try {
    await refreshUnderLease(keys);
  } finally {
    const { data } = await e.storeFacts.update(keys).remove(["refresh_lease_until"]).go({ response: "all_new" });
    if (data?.refresh_queued) await sendFactsRefresh(keys);
  }
}

async function refreshUnderLease(keys: Keys) {
  const e = Db().entities;
  // Takes the texts named so far in the same write that lets requests queue another run: a text
  // named from now on is counted by that run (a set cannot tell a text named again from one taken).
  const { data: taken } = await e.storeFacts
    .update(keys)
    .set({ refresh_queued: false })
    .remove(["refresh_targets", "refresh_all"])
    .go({ response: "all_old" });
  const named = [...(taken?.refresh_targets ?? [])];
  try {
    const ctx = await translationContext(keys);
    const counted_for = factsSignature(ctx);
    if (taken?.refresh_all || taken?.counted_for !== counted_for || !taken?.missing_by_language) {
      await countEveryText(keys, ctx, counted_for);
      return;
    }
    for (const key of named.slice(0, TEXTS_PER_RUN)) await countText(keys, textRef(key), ctx);
    if (named.length > TEXTS_PER_RUN) await requestFactsRefresh(keys, named.slice(TEXTS_PER_RUN).map(textRef));
  } catch (error) {
    // Named again for the queue's retry of this run.
    await requestFactsRefresh(keys, taken?.refresh_all ? undefined : named.map(textRef));
    throw error;
  }
}

const textRef = (key: string): TextRef => {
  const [target_type, target_id] = key.split("#") as [TextRef["target_type"], string];
  return { target_type, target_id };
};

/** Counts one text again and adds the difference to the store's facts (retried when another run changed its share meanwhile). */
async function countText(keys: Keys, ref: TextRef, ctx: TranslationContext) {
  const e = Db().entities;
  for (let attempt = 0; ; attempt++) {
    const [target, rows, row] = await Promise.all([
      contentOf(ref.target_type).load(keys, ref.target_id),
      e.translation.query.byStore({ ...keys, ...ref }).go({ pages: "all", attributes: ["language", "status"] }),
      e.textFacts.get({ ...keys, ...ref }).go(),
    ]);
    const before = row.data ? stored(row.data) : NONE;
    const after = shareOf(target, rows.data.filter((r) => r.status === "error").map((r) => r.language), ctx);
    if (sameShare(before, after)) return;
    const version = row.data?.version ?? 0;
    try {
      await guardedWrite({}, (t) => {
        // Only over the share this run read: another run's count in between fails it, and it is counted again.
        const write = !row.data
          ? t.textFacts.create({ ...keys, ...ref, ...after, version: 1 }).commit()
          : sameShare(after, NONE)
            ? t.textFacts.delete({ ...keys, ...ref }).where((a, op) => op.eq(a.version, version)).commit()
            : t.textFacts.patch({ ...keys, ...ref }).set({ ...after, version: version + 1 }).where((a, op) => op.eq(a.version, version)).commit();
        return [write, addToFacts(t, keys, before, after)];
      });
      return;
    } catch (error) {
      if (attempt >= 3 || !isConditionFailure(error)) throw error;
    }
  }
}

/** The transaction operation adding what a text's share changing from `before` to `after` changes in the store's facts. */
function addToFacts(t: Parameters<Parameters<typeof guardedWrite>[1]>[0], keys: Keys, before: Share, after: Share) {
  const by = new Map<Language, number>();
  for (const lang of before.missing) by.set(lang, (by.get(lang) ?? 0) - 1);
  for (const lang of after.missing) by.set(lang, (by.get(lang) ?? 0) + 1);
  return t.storeFacts
    .update(keys)
    .data((a, op) => {
      op.add(a.translations_missing, Number(after.missing.length > 0) - Number(before.missing.length > 0));
      op.add(a.translations_failed, Number(after.failed.length > 0) - Number(before.failed.length > 0));
      for (const [lang, n] of by) if (n) op.add(a.missing_by_language[lang], n);
    })
    .commit();
}

/** Every text's share, counted from the records (texts with nothing missing or failed are left out). */
async function countTexts(keys: Keys, ctx: TranslationContext) {
  const [items, categories, promotions, stores, rows] = await Promise.all([
    contentOf("Item").all(keys),
    contentOf("Category").all(keys),
    contentOf("Promotion").all(keys),
    contentOf("Store").all(keys),
    Db().entities.translation.query.byStore(keys).go({ pages: "all", attributes: ["target_type", "target_id", "language", "status"] }),
  ]);
  const failedOf = new Map<string, string[]>();
  for (const r of rows.data) if (r.status === "error") failedOf.set(textKey(r), [...(failedOf.get(textKey(r)) ?? []), r.language]);
  const counted = new Map<string, Share>();
  const texts: [TextRef["target_type"], Target[]][] = [["Item", items], ["Category", categories], ["Promotion", promotions], ["Store", stores]];
  for (const [target_type, targets] of texts) {
    for (const target of targets) {
      const key = textKey({ target_type, target_id: target.id });
      const share = shareOf(target, failedOf.get(key) ?? [], ctx);
      if (!sameShare(share, NONE)) counted.set(key, share);
    }
  }
  return counted;
}

/** The store's translation facts from its shares. */
function totals(shares: Share[], ctx: TranslationContext) {
  return {
    translations_missing: shares.filter((s) => s.missing.length).length,
    translations_failed: shares.filter((s) => s.failed.length).length,
    missing_by_language: Object.fromEntries(ctx.languages.map((lang) => [lang, shares.filter((s) => s.missing.includes(lang)).length])),
  };
}

/** What the store's translation facts should say, counted from the records (tests compare the kept ones with it). */
export async function countTranslationFacts(of: Keys) {
  const keys = storeKeys(of);
  const ctx = await translationContext(keys);
  return totals([...(await countTexts(keys, ctx)).values()], ctx);
}

/** Counts every text of the store: its share rows and the facts are set to what the records say. */
async function countEveryText(keys: Keys, ctx: TranslationContext, counted_for: string) {
  const e = Db().entities;
  const [counted, shares] = await Promise.all([countTexts(keys, ctx), e.textFacts.query.byStore(keys).go({ pages: "all" })]);
  const kept = new Map(shares.data.map((s) => [textKey(s), { ...stored(s), version: s.version }]));
  const refOf = (key: string) => ({ ...keys, ...textRef(key) });
  const puts = [...counted]
    .filter(([key, share]) => !kept.has(key) || !sameShare(kept.get(key)!, share))
    .map(([key, share]) => ({ ...refOf(key), ...share, version: (kept.get(key)?.version ?? 0) + 1 }));
  const deletes = [...kept.keys()].filter((key) => !counted.has(key)).map(refOf);
  await untilProcessed(puts, (rows) => e.textFacts.put(rows).go());
  await untilProcessed(deletes, (rows) => e.textFacts.delete(rows).go());
  await e.storeFacts.update(keys).set({ ...totals([...counted.values()], ctx), counted_for }).go();
}

/** The worker of the `translate` queue: a content's translation, a refresh of the store's facts, or a page of a store-wide sweep. */
export async function translateQueueJob(message: Record<string, unknown>) {
  if (message.refresh === "facts" && typeof message.company_id === "string" && typeof message.store_id === "string") {
    await refreshTranslationFacts({ company_id: message.company_id, store_id: message.store_id });
    return;
  }
  if (isSweepMessage(message)) {
    await sweepStoreTranslation(message);
    return;
  }
  await translationJob(message);
}
