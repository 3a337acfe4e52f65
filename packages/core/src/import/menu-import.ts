/**
 * Menu import from a spreadsheet (issue 19): an Excel (.xlsx) or CSV file with the columns of the
 * Excel export, in any menu language (told by its header row). A preview says what will be created
 * and changed, with errors per row and cell; applying writes nothing while any row is invalid, and
 * goes in chunks (`from`, `count`) so the page shows progress. Rows with an ID change that item;
 * rows without one create items (Russian sheets only: the source language). A sheet in another
 * language changes that language's translations (kept as hand-made) and the language-free fields.
 * The import never deletes.
 */
import { z } from "zod";
import { Db } from "../db/service";
import { UserError } from "../shared/errors";
import { newId } from "../shared/ids";
import { SOURCE_LANGUAGE, type Section } from "../shared/model";
import { storeCommand, type StoreContext } from "../command/store-command";
import { deltaToString } from "../shared/rich-text";
import { quoteCell } from "../shared/sheet-cell";
import { countByCategory, countedWrite, factsChange, requestFactsRefresh, tallyChange } from "../store/facts";
import { takePositions } from "../store/positions";
import { sourceHashes, type TranslateRef } from "../translation/jobs";
import { TARGETS, targetOfRow } from "../translation/targets";
import { indexCategory, indexItem } from "../search/indexing";
import { categoryIconFor } from "./category-icon";
import { ImportRefusal } from "./menu-import-errors";
import { IMPORT_FILE_MAX } from "./menu-import-limits";
import { plan } from "./menu-import-plan";
import { readTable } from "./menu-import-sheet";

/** A file as the page sends it: its name (for the format) and its bytes in base64 (≤ 180 KB, under the API's JSON limit). */
const ImportFile = z.object({
  store_id: z.string().min(1).max(64),
  file_name: z.string().min(1).max(200),
  content: z.string().max(Math.ceil((IMPORT_FILE_MAX * 4) / 3) + 4),
});
export const PreviewImportInput = ImportFile;
export const ApplyImportInput = ImportFile.extend({ from: z.number().int().min(0), count: z.number().int().min(1).max(500) });

async function prepared({ keys }: StoreContext, file_name: string, content: string) {
  const { store_id } = keys;
  const table = await readTable(file_name, content, store_id).catch((error: unknown) => {
    if (error instanceof ImportRefusal) return error;
    throw error;
  });
  return { keys, ...(await plan(keys, table)) };
}

/** Items the preview lists of those it would create and of those it would change (the page shows 20); the counts are whole. */
const PREVIEW_LIST_MAX = 100;

/** POST /api/menu-import/preview */
export const previewImport = storeCommand(PreviewImportInput, {}, async (command, { file_name, content }) => {
  const { plan: result, error } = await prepared(command, file_name, content);
  if (!result) return { language: SOURCE_LANGUAGE, items: 0, creates: 0, changes: 0, create: [], change: [], unchanged: 0, categories: [], errors: [error!] };
  // An error quotes a cell, not all of it (a cell may hold thousands of characters).
  const errors = result.errors.map((e) => (e.value ? { ...e, value: quoteCell(e.value) } : e));
  return {
    ...result,
    creates: result.create.length,
    changes: result.change.length,
    // A 5,000-row sheet's lists would make an answer of hundreds of kilobytes to serialise and compress.
    create: result.create.slice(0, PREVIEW_LIST_MAX),
    change: result.change.slice(0, PREVIEW_LIST_MAX),
    errors,
    categories: result.categories.map((c) => c.split(":").slice(1).join(":")),
  };
});

/** Items created per transaction, with their counts (a transaction holds at most 100 writes). */
const CREATE_CHUNK = 45;

/** What the sheet has a column for (a missing column keeps the stored value). */
const givenFields = (item: { allergens?: string[]; tags?: string[]; visible?: boolean }) => ({
  ...(item.allergens ? { allergens: item.allergens } : {}),
  ...(item.tags ? { tags: item.tags } : {}),
  ...(item.visible !== undefined ? { visible: item.visible } : {}),
});

const plainDelta = (text: string) => (text ? deltaToString([{ insert: `${text}\n` }]) : "");

/**
 * POST /api/menu-import/apply: validates the whole file again (nothing is written while any row is
 * invalid), then writes items [from, from + count) of the sheet; categories a new row needs are
 * created with the first chunk. Answers how far it got.
 */
export const applyImport = storeCommand(ApplyImportInput, { publish: "named", translate: true }, async (command, { file_name, content, from, count }) => {
  const { keys, plan: result, items, state, paths } = await prepared(command, file_name, content);
  if (!result || result.errors.length) throw new UserError("importInvalid", 400);
  const e = Db().entities;
  // What this chunk wrote goes to the engine (a store-wide look would cost the whole store per import).
  const written: TranslateRef[] = [];
  if (from === 0) {
    // New categories follow the existing ones in the order the sheet first names them (all are
    // created with the first chunk, so later chunks cannot reorder them).
    const next = new Map<string, number>();
    for (const c of state.categories) next.set(`${c.section}:${c.parent_id}`, Math.max(next.get(`${c.section}:${c.parent_id}`) ?? 0, c.position + 1));
    for (const key of result.categories) {
      const [section, ...rest] = key.split(":");
      const names = rest.join(":").split(" / ");
      let parent_id = "";
      for (let depth = 0; depth < names.length; depth++) {
        const path = `${section}:${names.slice(0, depth + 1).join(" / ")}`;
        let id = paths.get(path);
        if (!id) {
          id = newId();
          const type = section === "hookahs" ? "hookahs" : section === "games" ? "entertainment" : "products";
          const siblings = `${section}:${parent_id}`;
          const position = next.get(siblings) ?? 0;
          next.set(siblings, position + 1);
          const icon = categoryIconFor(names[depth]!, section as Section);
          const category = { ...keys, category_id: id, section: section as "kitchen", type, name: names[depth]!, icon, parent_id, position, visible: true } as const;
          await countedWrite((t) => [t.category.create(category).commit(), factsChange(t, keys, { categories: 1 })]);
          await indexCategory(keys, undefined, category);
          written.push({ target_type: "Category", target_id: id, target: targetOfRow.Category({ ...category, updated_at: "", translations: {} }) });
          paths.set(path, id);
        }
        parent_id = id;
      }
    }
  }
  const ctx = await command.translation();
  const records = new Map(state.items.map((i) => [i.id, i]));
  const changes = new Map(result.change.map((c) => [c.id, new Set(c.fields)]));
  const chunk = items.slice(from, from + count);
  const KIND = { kitchen: "product", drinks: "product", hookahs: "hookah", games: "game" } as const;
  const categoryOf = (item: (typeof chunk)[number]) => paths.get(`${item.section}:${item.categoryPath.join(" / ")}`)!;
  // New rows: positions from each category's counter in sheet order, written with their counts.
  const creates = chunk.filter((item) => !item.id);
  const positions = new Map<string, number[]>();
  for (const [category_id, n] of countByCategory(creates.map((item) => ({ category_id: categoryOf(item) })))) {
    positions.set(category_id, await takePositions(keys, category_id, n));
  }
  const created = creates.map((item) => ({
    ...keys,
    item_id: newId(),
    kind: KIND[item.section as keyof typeof KIND] ?? "product",
    category_id: categoryOf(item),
    position: positions.get(categoryOf(item))!.shift()!,
    title: item.title,
    description: plainDelta(item.description ?? ""),
    portions: item.portions.map((p) => ({ id: newId(), ...p })),
    ...givenFields(item),
  }));
  for (let at = 0; at < created.length; at += CREATE_CHUNK) {
    const batch = created.slice(at, at + CREATE_CHUNK);
    await countedWrite((t) => [
      ...batch.map((record) => t.item.create(record).commit()),
      ...[...countByCategory(batch)].map(([category_id, n]) => tallyChange(t, keys, category_id, n)),
      factsChange(t, keys, { items: batch.length }),
    ]);
    await Promise.all(batch.map((record) => indexItem(keys, undefined, record)));
  }
  for (const record of created) written.push({ target_type: "Item", target_id: record.item_id, target: targetOfRow.Item({ ...record, updated_at: "", translations: {} }) });
  await Promise.all(
    chunk.map(async (item) => {
      if (!item.id) return;
      const category_id = categoryOf(item);
      const portions = item.portions.map((p, i) => ({ id: records.get(item.id!)?.portions[i]?.id || newId(), ...p }));
      const fields = changes.get(item.id);
      if (!fields) return;
      const base = { portions, ...givenFields(item) };
      if (result.language === SOURCE_LANGUAGE) {
        // Only what changed: an unchanged description keeps its formatting (the sheet has plain text).
        const texts = {
          ...base,
          title: item.title,
          ...(fields.has("description") ? { description: plainDelta(item.description ?? "") } : {}),
        };
        const record = records.get(item.id);
        // Read again by the request (the info above lacks the translations' source hashes).
        written.push({ target_type: "Item", target_id: item.id });
        const reindex = async () => record && indexItem(keys, { item_id: item.id!, ...record }, { item_id: item.id!, ...record, title: item.title });
        const from = record?.category_id;
        if (!fields.has("category") || !from || from === category_id) {
          await e.item.patch({ ...keys, item_id: item.id }).set(texts).go();
          await reindex();
          return;
        }
        // Another category: the end of it, with both counts, only from where it was read.
        const [position] = await takePositions(keys, category_id);
        await countedWrite((t) => [
          t.item.patch({ ...keys, item_id: item.id! }).set({ ...texts, category_id, position }).where((a, op) => op.eq(a.category_id, from)).commit(),
          tallyChange(t, keys, from, -1),
          tallyChange(t, keys, category_id, 1),
        ]);
        await reindex();
      } else if (fields.has("title") || fields.has("description")) {
        // A sheet in another language: the texts staff changed become that language's hand-made
        // translation (unchanged ones, even a fallback the export showed, are left alone).
        const target = (await TARGETS.Item.load(keys, item.id))!;
        const own = target.translations[result.language];
        const entry = {
          ...own,
          ...(fields.has("title") ? { title: item.title } : {}),
          ...(fields.has("description") ? { description: plainDelta(item.description ?? "") } : {}),
          manual: true,
          ...sourceHashes(target, ctx.glossary),
        };
        const translations = { ...target.translations, [result.language]: entry };
        await e.item.patch({ ...keys, item_id: item.id }).set({ ...base, translations }).go();
        const title = target.sources.title ?? "";
        await indexItem(keys, { item_id: item.id, title, translations: target.translations }, { item_id: item.id, title, translations });
      } else {
        await e.item.patch({ ...keys, item_id: item.id }).set(base).go();
      }
    }),
  );
  command.translate(written);
  const done = Math.min(items.length, from + count);
  // Once, after the last chunk: a publish per chunk would render the whole menu again each time. The
  // facts are counted again store-wide (visibility and portions changed too), by the worker.
  if (done >= items.length) {
    await requestFactsRefresh(keys);
    command.publish();
  }
  // The sheet's categories, for the page's links after applying (in the order the sheet names them).
  const categories = new Map<string, { id: string; section: string; name: string }>();
  for (const item of items) {
    const id = categoryOf(item);
    if (id && !categories.has(id)) categories.set(id, { id, section: item.section, name: item.categoryPath.join(" / ") });
  }
  return { done, total: items.length, categories: [...categories.values()] };
});
