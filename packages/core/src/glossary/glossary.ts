/**
 * The store's glossary at settings/translations-map (issue 12): abbreviation → full form pairs,
 * expanded before text goes to the engine. A change answers how many contents it affects; their
 * translations are then out of date (the source hash includes the expansion), and "re-translate the
 * affected items" queues exactly those.
 */
import { z } from "zod";
import { Db } from "../db/service";
import { storeCommand, type StoreContext } from "../command/store-command";
import { UserError } from "../shared/errors";
import { newId } from "../shared/ids";
import { requestFactsRefresh } from "../store/facts";
import { isKept } from "../translation/jobs";
import { contentOf, translatableTypes } from "../translation/contents";
import { usesAbbreviation } from "../translation/text";
import { AbbreviationFields, fullFormRule } from "./schemas";

const Id = z.string().min(1).max(64);
type Keys = { company_id: string; store_id: string };

export const AbbreviationInfo = z.object({ id: z.string(), abbreviation: z.string(), full_form: z.string(), keep: z.boolean(), updated_at: z.string() });
export type AbbreviationInfo = z.infer<typeof AbbreviationInfo>;

type AbbreviationRecord = { abbreviation_id: string; abbreviation: string; full_form: string; keep?: boolean; updated_at: string };
const toInfo = (r: AbbreviationRecord): AbbreviationInfo => ({ id: r.abbreviation_id, abbreviation: r.abbreviation, full_form: r.full_form, keep: r.keep ?? false, updated_at: r.updated_at });
/** A kept term is stored with itself as its full form. */
const stored = <F extends { abbreviation: string; full_form: string; keep: boolean }>(form: F) => ({ ...form, full_form: form.keep ? form.abbreviation : form.full_form.trim() });

export const CreateAbbreviationInput = AbbreviationFields.extend({ store_id: Id }).superRefine(fullFormRule);
export const UpdateAbbreviationInput = AbbreviationFields.extend({ store_id: Id, id: Id }).superRefine(fullFormRule);

async function entriesOf(keys: Keys) {
  const { data } = await Db().entities.abbreviation.query.byStore(keys).go({ pages: "all" });
  return data
    .map(toInfo)
    .sort((a, b) => a.abbreviation.localeCompare(b.abbreviation, "ru"));
}

/**
 * How many contents of the store use any of these abbreviations in a source text and have a
 * machine-translated language: what "re-translate the affected items" will queue (hand-made
 * translations stay as they are).
 */
async function affectedBy({ keys, translation }: StoreContext, abbreviations: string[]) {
  // The glossary changed what is up to date: the checklist's untranslated texts are counted again.
  await requestFactsRefresh(keys);
  const { languages } = await translation();
  let count = 0;
  for (const type of translatableTypes()) {
    for (const target of await contentOf(type).all(keys)) {
      const uses = Object.values(target.sources).some((text) => abbreviations.some((a) => usesAbbreviation(text ?? "", a)));
      if (uses && languages.some((lang) => !isKept(target.translations[lang]))) count++;
    }
  }
  return count;
}

/** The same abbreviation twice (any case) would expand two ways. */
function assertUnique(entries: AbbreviationInfo[], abbreviation: string, except?: string) {
  const key = abbreviation.toLocaleLowerCase();
  if (entries.some((e) => e.id !== except && e.abbreviation.toLocaleLowerCase() === key)) throw new UserError("abbreviationExists", 409, { field: "abbreviation" });
}

export const listGlossary = storeCommand(z.object({ store_id: Id }), {}, async ({ keys }) => entriesOf(keys));

export const createAbbreviation = storeCommand(CreateAbbreviationInput, {}, async (ctx, { store_id: _store, ...form }) => {
  const { keys } = ctx;
  assertUnique(await entriesOf(keys), form.abbreviation);
  const { data } = await Db().entities.abbreviation.create({ ...keys, abbreviation_id: newId(), ...stored(form) }).go();
  return {
    entry: toInfo(data),
    affected: await affectedBy(ctx, [form.abbreviation]),
  };
});

export const updateAbbreviation = storeCommand(UpdateAbbreviationInput, {}, async (ctx, { store_id: _store, id, ...form }) => {
  const { keys } = ctx;
  const entries = await entriesOf(keys);
  const old = entries.find((e) => e.id === id);
  if (!old) throw new UserError("abbreviationNotFound", 404);
  assertUnique(entries, form.abbreviation, id);
  const { data } = await Db().entities.abbreviation.patch({ ...keys, abbreviation_id: id }).set(stored(form)).go({ response: "all_new" });
  return {
    entry: { ...old, ...stored(form), updated_at: data.updated_at ?? old.updated_at },
    affected: await affectedBy(ctx, [old.abbreviation, form.abbreviation]),
  };
});

export const deleteAbbreviation = storeCommand(z.object({ store_id: Id, id: Id }), {}, async (ctx, { id }) => {
  const { keys } = ctx;
  const old = (await entriesOf(keys)).find((e) => e.id === id);
  if (!old) throw new UserError("abbreviationNotFound", 404);
  await Db().entities.abbreviation.delete({ ...keys, abbreviation_id: id }).go();
  return { id, affected: await affectedBy(ctx, [old.abbreviation]) };
});
