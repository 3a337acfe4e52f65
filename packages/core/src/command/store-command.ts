/**
 * The one way to write a call on a store's data (issue 35): the tenancy gate loads the store once
 * and hands it to the handler and to the translation context; after the handler succeeded, the
 * publish and the translation the command declares are requested. No step can be forgotten:
 * packages/core/test/store-commands.test.ts fails on any store-scoped export not built here.
 */
import { z } from "zod";
import type { SendOptions } from "../ports/queue";
import { requestPublish, type PublishScope } from "../publish/request";
import { assertCanManageStore, storeKeys } from "../shared/policy";
import { storeById, type StoreRecord } from "../store/store";
import { requestTranslation, translationContext, type TranslateRef, type TranslationContext } from "../translation/jobs";
import { requestStoreTranslation } from "../translation/sweep";

/**
 * The tenancy gate of every call on a store's data: loads the store and lets through only those who
 * manage it (anyone else gets "store not found", as for a store that does not exist).
 */
async function managedStore(store_id: string) {
  const store = await storeById(store_id);
  assertCanManageStore(store.company_id, store.store_id);
  return store;
}

/** A store id as the whole input. */
export const StoreId = z.string().min(1).max(64);

/** How an input names its store: the id itself, `store_id` or `storeId`. */
type Addressed = string | { store_id: string } | { storeId: string };
const storeIdOf = (input: Addressed) => (typeof input === "string" ? input : "store_id" in input ? input.store_id : input.storeId);

/** What a command asks for after it succeeded. */
export type Effects = {
  /**
   * What guests see: "store" publishes everything and a scope that scope, after every success;
   * "named" what the handler names with `ctx.publish` (nothing if it names nothing: it changed nothing).
   */
  publish?: "store" | PublishScope | "named";
  /** The texts the handler names with `ctx.translate` are queued for translation. */
  translate?: true;
};

export type StoreContext = {
  /** The store the gate loaded. A command that rewrites the store record puts the saved one here (its translation needs the new languages). */
  store: StoreRecord;
  keys: { company_id: string; store_id: string };
  /** With `publish: "named"`: a publish of this scope (none: everything) after success; scopes add up. */
  publish: (scope?: PublishScope) => void;
  /**
   * With `translate`: these texts, or every text of the store ("store"), are queued after success;
   * `delaySeconds` holds their messages back (an import's chunk that the next one follows).
   */
  translate: (refs: TranslateRef[] | "store", options?: SendOptions) => void;
  /** The store's translation context, built from `store` once (again if `store` was replaced). */
  translation: () => Promise<TranslationContext>;
  /** A step after the effects were requested: work the publish also does, asked first so it happens even if this process stops. */
  then: (step: () => Promise<unknown>) => void;
};

const EVERYTHING = "everything";

/** One scope for the scopes a command named; any request for everything makes it everything. */
function merged(scopes: (PublishScope | typeof EVERYTHING)[]): PublishScope | undefined {
  if (scopes.includes(EVERYTHING)) return undefined;
  const named = scopes as PublishScope[];
  if (named.length === 1) return named[0];
  return { categories: named.flatMap((s) => s.categories), items: named.flatMap((s) => s.items ?? []) };
}

/**
 * A domain function on one store's data: input parsed by its schema, then the gate (anyone who does
 * not manage the store gets "store not found"), the handler, and the declared effects.
 */
export function storeCommand<S extends z.ZodType<Addressed>, R>(schema: S, effects: Effects, handler: (ctx: StoreContext, input: z.output<S>) => Promise<R>) {
  const run = async (raw: z.input<S>): Promise<R> => {
    const input = schema.parse(raw);
    const store = await managedStore(storeIdOf(input));
    const scopes: (PublishScope | typeof EVERYTHING)[] = [];
    let texts = [] as TranslateRef[] | "store";
    let sendOptions: SendOptions | undefined;
    const steps: (() => Promise<unknown>)[] = [];
    let translation: { of: StoreRecord; context: Promise<TranslationContext> } | undefined;
    const ctx: StoreContext = {
      store,
      keys: storeKeys(store),
      publish(scope) {
        if (effects.publish !== "named") throw new Error("ctx.publish needs publish: \"named\"");
        scopes.push(scope ?? EVERYTHING);
      },
      translate(refs, options) {
        if (!effects.translate) throw new Error("ctx.translate needs translate: true");
        texts = refs === "store" || texts === "store" ? "store" : [...texts, ...refs];
        sendOptions = options;
      },
      translation() {
        if (translation && translation.of === ctx.store) return translation.context;
        const context = translationContext(ctx.keys, ctx.store);
        translation = { of: ctx.store, context };
        return context;
      },
      then: (step) => void steps.push(step),
    };
    const result = await handler(ctx, input);
    if (effects.publish === "store") await requestPublish(ctx.keys);
    else if (effects.publish && effects.publish !== "named") await requestPublish(ctx.keys, effects.publish);
    else if (scopes.length) await requestPublish(ctx.keys, merged(scopes));
    if (texts === "store") await requestStoreTranslation(ctx.keys);
    else if (texts.length) await requestTranslation(ctx.keys, texts, await ctx.translation(), sendOptions);
    for (const step of steps) await step();
    return result;
  };
  run.schema = schema;
  run.effects = effects;
  return run;
}

/** Whether a domain function was built with storeCommand. */
export const isStoreCommand = (f: unknown): boolean => typeof f === "function" && "effects" in f;
