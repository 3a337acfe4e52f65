/**
 * Store-wide translation ("translate everything missing", languages added): no request reads the
 * whole store; a sweep on the translate queue does, one page of one content type per message, in
 * the registry's order (contents.ts), queueing what is missing or out of date.
 */
import { usePorts } from "../ports";
import type { TargetType } from "../shared/model";
import { requestFactsRefresh } from "../store/facts";
import { contentOf, isTranslatable, translatableTypes } from "./contents";
import { requestTranslation, staleFields, translationContext, type Keys } from "./jobs";

/** Contents read per message of a store-wide sweep, so each message's work is bounded whatever the store's size. */
export const SWEEP_PAGE = 200;

/**
 * Queues everything of the store that is missing or out of date ("translate everything missing",
 * languages added): no request reads the whole store; a sweep on the translate queue does, one page
 * per message (`sweepStoreTranslation`).
 */
export async function requestStoreTranslation(keys: Keys) {
  // Store-wide: every text's facts are counted again (those that became translated as well).
  await requestFactsRefresh(keys);
  await usePorts().queue.send("translate", { company_id: keys.company_id, store_id: keys.store_id, sweep: translatableTypes()[0] });
}

/** A sweep's message: the kind of content and the page of it to look at next. */
export type SweepMessage = Keys & { sweep: TargetType; cursor?: string | null };
export const isSweepMessage = (message: Record<string, unknown>): message is SweepMessage =>
  typeof message.company_id === "string" && typeof message.store_id === "string" && isTranslatable(message.sweep);

/** One page of a store-wide sweep: queues what of it is stale; answers the next page's message. */
async function sweepPage({ company_id, store_id, sweep, cursor }: SweepMessage): Promise<SweepMessage | undefined> {
  const keys = { company_id, store_id };
  const ctx = await translationContext(keys);
  if (!ctx.languages.length) return undefined;
  const page = await contentOf(sweep).page(keys, cursor ?? null, SWEEP_PAGE);
  const stale = page.targets.filter((target) => ctx.languages.some((lang) => staleFields(target, lang, ctx.glossary).length));
  await requestTranslation(keys, stale.map((target) => ({ target_type: sweep, target_id: target.id, target })), ctx);
  const order = translatableTypes();
  const after = order[order.indexOf(sweep) + 1];
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
  for (let next = await sweepPage({ ...keys, sweep: translatableTypes()[0]! }); next; next = await sweepPage(next));
}
