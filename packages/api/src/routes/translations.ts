import { createRoute, z } from "@hono/zod-openapi";
import { AbbreviationInfo, createAbbreviation, CreateAbbreviationInput, deleteAbbreviation, listGlossary, updateAbbreviation } from "@menu/core/glossary/glossary";
import {
  resetManualTranslation,
  checkTranslation,
  saveManualTranslation,
  StatusesInput,
  storeTranslations,
  translateStore,
  translationStatuses,
} from "@menu/core/translation-editor/manage";
import { StoreTextsTranslation, TARGET_TYPES, TranslationLanguage, TranslationStatus } from "@menu/core/translation-editor/schemas";
import { TranslationsInfo } from "@menu/core/shared/translations-info";
import { TRANSLATION_STATUSES } from "@menu/core/shared/model";
import { CATEGORY_NAME_MAX } from "@menu/core/category/schemas";
import { Description, ITEM_TITLE_MAX, ITEM_TITLE_MIN } from "@menu/core/item/schemas";
import { PROMOTION_HEADER_MAX, PROMOTION_HEADER_MIN } from "@menu/core/promotion/schemas";
import { errorResponse } from "../errors";
import { router } from "../router";
import { requiresSession } from "../session";
import { json, jsonBody } from "../openapi";

/** Translations and the glossary are part of the menu: every staff role of the store. */
const session = requiresSession("store_manager", "storeNotFound");
const Id = z.string().min(1).max(64);
const StoreQuery = z.object({ storeId: Id });
const StoreBody = z.object({ store_id: Id });
const notFound = { 404: errorResponse("Store, content or abbreviation not found") };
const badInput = { 400: errorResponse("Invalid input (the field and the specification's message)") };
const TranslationParams = z.object({ type: z.enum(TARGET_TYPES), targetId: Id, language: TranslationLanguage });
const Changed = json(z.object({ id: z.string(), translations: TranslationsInfo }));
/**
 * A hand-made translation. The title follows the rules of the content's own (by `type` in the path);
 * the document's bounds are those every type accepts, core checks the type's own. The store's texts
 * (type Store) are its address and a note per phone instead.
 */
const ManualTranslation = StoreBody.extend({
  title: z
    .string()
    .meta({
      minLength: Math.max(ITEM_TITLE_MIN, PROMOTION_HEADER_MIN),
      maxLength: Math.min(ITEM_TITLE_MAX, CATEGORY_NAME_MAX, PROMOTION_HEADER_MAX),
      description: `Required for an item, category or promotion, as the content's own title: an item's ${ITEM_TITLE_MIN}–${ITEM_TITLE_MAX} characters, a category's 1–${CATEGORY_NAME_MAX}, a promotion's ${PROMOTION_HEADER_MIN}–${PROMOTION_HEADER_MAX} (trimmed); not used for the store`,
    })
    .optional(),
  description: Description.optional(),
  address: StoreTextsTranslation.shape.address.meta({ description: "The store's address (type Store); empty falls back" }),
  phones: StoreTextsTranslation.shape.phones.meta({ description: "The store's phone notes (type Store), one per phone in the phones' order; an empty one falls back" }),
});
const GlossaryChange = json(z.object({ entry: AbbreviationInfo, affected: z.number() }));

const statuses = createRoute({
  method: "post",
  path: "/translations/statuses",
  summary: "Translation status of items (or categories with type Category, promotions with type Promotion)",
  // No store in the request: the public is asked to sign in (each content's store is checked in core).
  ...requiresSession("store_manager"),
  request: jsonBody(StatusesInput),
  responses: { 200: json(z.array(TranslationStatus)), ...badInput, 404: errorResponse("A content (or its store) not found") },
});
const overview = createRoute({
  method: "get",
  path: "/translations",
  summary: "The store's translation engine, languages, volume used this month and every job",
  ...session,
  request: { query: StoreQuery },
  responses: {
    200: json(
      z.object({
        engine: z.string(),
        languages: z.array(z.string()),
        plan_languages: z.array(z.string()),
        usage: z.object({ month: z.string(), used: z.number(), cap: z.number().nullable() }),
        outdated: z.array(z.object({ target_type: z.enum(TARGET_TYPES), target_id: z.string(), language: z.string() })),
        jobs: z.array(
          z.object({
            target_type: z.enum(TARGET_TYPES),
            target_id: z.string(),
            language: z.string(),
            status: z.enum(TRANSLATION_STATUSES),
            error: z.string().optional(),
            updated_at: z.string(),
          }),
        ),
      }),
    ),
    ...notFound,
  },
});
const queueAll = createRoute({
  method: "post",
  path: "/translations/queue",
  summary: "Translate everything missing or out of date in the store",
  ...session,
  request: jsonBody(StoreBody),
  responses: { 200: json(z.object({ queued: z.number() })), ...notFound },
});
const saveManual = createRoute({
  method: "put",
  path: "/translations/{type}/{targetId}/{language}",
  summary: "Write a translation by hand (auto-translation never overwrites it)",
  ...session,
  request: { params: TranslationParams, ...jsonBody(ManualTranslation) },
  responses: { 200: Changed, ...badInput, ...notFound, 409: errorResponse("The language is not in the store's plan") },
});
const resetManual = createRoute({
  method: "delete",
  path: "/translations/{type}/{targetId}/{language}",
  summary: "Back to automatic: drop the hand-made translation and queue the language",
  ...session,
  request: { params: TranslationParams, query: StoreQuery },
  responses: { 200: Changed, ...notFound, 409: errorResponse("The language is not in the store's plan") },
});

const check = createRoute({
  method: "post",
  path: "/translations/{type}/{targetId}/{language}/check",
  summary: "Mark a translation as checked against today's source (kept from the engine; no longer outdated)",
  ...session,
  request: { params: TranslationParams, ...jsonBody(StoreBody) },
  responses: { 200: Changed, ...notFound, 409: errorResponse("There is no translation to check, or the language is not in the plan") },
});

const AbbreviationParams = z.object({ abbreviationId: Id });
const glossary = createRoute({
  method: "get",
  path: "/abbreviations",
  summary: "The store's glossary (translations map), sorted",
  ...session,
  request: { query: StoreQuery },
  responses: { 200: json(z.array(AbbreviationInfo)), ...notFound },
});
const create = createRoute({
  method: "post",
  path: "/abbreviations",
  summary: "Add an abbreviation; answers how many contents use it",
  ...session,
  request: jsonBody(CreateAbbreviationInput),
  responses: { 201: GlossaryChange, ...badInput, ...notFound, 409: errorResponse("This abbreviation already exists") },
});
const update = createRoute({
  method: "put",
  path: "/abbreviations/{abbreviationId}",
  summary: "Change an abbreviation; answers how many contents use the old or new one",
  ...session,
  request: { params: AbbreviationParams, ...jsonBody(CreateAbbreviationInput) },
  responses: { 200: GlossaryChange, ...badInput, ...notFound, 409: errorResponse("This abbreviation already exists") },
});
const remove = createRoute({
  method: "delete",
  path: "/abbreviations/{abbreviationId}",
  summary: "Delete an abbreviation; answers how many contents used it",
  ...session,
  request: { params: AbbreviationParams, query: StoreQuery },
  responses: { 200: json(z.object({ id: z.string(), affected: z.number() })), ...notFound },
});

export const translationRoutes = router()
  .openapi(statuses, async (c) => c.json(await translationStatuses(c.req.valid("json")), 200))
  .openapi(overview, async (c) => c.json(await storeTranslations({ store_id: c.req.valid("query").storeId }), 200))
  .openapi(queueAll, async (c) => c.json(await translateStore(c.req.valid("json")), 200))
  .openapi(saveManual, async (c) => {
    const { type, targetId, language } = c.req.valid("param");
    return c.json(await saveManualTranslation({ ...c.req.valid("json"), target_type: type, target_id: targetId, language }), 200);
  })
  .openapi(resetManual, async (c) => {
    const { type, targetId, language } = c.req.valid("param");
    return c.json(await resetManualTranslation({ store_id: c.req.valid("query").storeId, target_type: type, target_id: targetId, language }), 200);
  })
  .openapi(check, async (c) => {
    const { type, targetId, language } = c.req.valid("param");
    return c.json(await checkTranslation({ store_id: c.req.valid("json").store_id, target_type: type, target_id: targetId, language }), 200);
  })
  .openapi(glossary, async (c) => c.json(await listGlossary({ store_id: c.req.valid("query").storeId }), 200))
  .openapi(create, async (c) => c.json(await createAbbreviation(c.req.valid("json")), 201))
  .openapi(update, async (c) => c.json(await updateAbbreviation({ ...c.req.valid("json"), id: c.req.valid("param").abbreviationId }), 200))
  .openapi(remove, async (c) =>
    c.json(await deleteAbbreviation({ store_id: c.req.valid("query").storeId, id: c.req.valid("param").abbreviationId }), 200),
  );
