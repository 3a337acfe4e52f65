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
import { UserError } from "../shared/errors";
import { newId } from "../shared/ids";
import { SOURCE_LANGUAGE, type Section } from "../shared/model";
import { storeCommand, type StoreContext } from "../command/store-command";
import { deltaToString } from "../shared/rich-text";
import { quoteCell } from "../shared/sheet-cell";
import { countByCategory, requestFactsRefresh } from "../store/facts";
import { takePositionBlocks } from "../store/positions";
import { sourceHashes, type TranslateRef } from "../translation/jobs";
import { itemTarget } from "../item/translatable";
import { categoryTarget } from "../category/translatable";
import { categoryIconFor } from "./category-icon";
import { IMPORT_FILE_MAX } from "./menu-import-limits";
import { ImportRefusal, type ImportError } from "./menu-import-errors";
import { MENU_DOCUMENT_MAX } from "./reading/limits";
import { readOwnMenu } from "./reading/own-menu";
import { SheetMapping } from "./reading/sheet-columns";
import { readOwnSheet } from "./reading/sheet-columns-read";
import { plan } from "./menu-import-plan";
import { readImport } from "./menu-import-read";
import { createCategories, createItems, storedItems, updateItems, type ItemUpdate } from "./menu-import-write";

const base64Of = (bytes: number) => Math.ceil((bytes * 4) / 3) + 4;
/** A file as the page sends it: its name (for the format) and its bytes in base64 (a spreadsheet ≤ 180 KB, under the API's JSON limit). */
const ImportFile = z.object({
  store_id: z.string().min(1).max(64),
  file_name: z.string().min(1).max(200),
  content: z.string().max(base64Of(IMPORT_FILE_MAX)),
});
/** Any file the import reads (issue 50): a PDF, a Word file or a photo may be larger than a spreadsheet. */
export const PreviewImportInput = ImportFile.extend({
  content: z.string().max(base64Of(MENU_DOCUMENT_MAX)),
  /** A spreadsheet of the owner's own columns: what each column is, as the owner chose (remembered for the next file). */
  mapping: SheetMapping.optional(),
});
export const ApplyImportInput = ImportFile.extend({ from: z.number().int().min(0), count: z.number().int().min(1).max(500) });

async function prepared({ keys }: StoreContext, file_name: string, content: string) {
  return { keys, ...(await plan(keys, await readImport(file_name, content, keys.store_id))) };
}

/** How long the translations of an import's chunk wait when the page has more chunks to send. */
export const FOLLOWED_CHUNK_TRANSLATE_DELAY_SECONDS = 5;

/** Items the preview lists of those it would create and of those it would change (the page shows 20); the counts are whole. */
const PREVIEW_LIST_MAX = 100;

/** The preview of a file refused as a whole: its one error. */
const refusedPreview = (error: ImportError) => ({ language: SOURCE_LANGUAGE, items: 0, creates: 0, changes: 0, create: [], change: [], unchanged: 0, categories: [], errors: [error] });

/**
 * POST /api/menu-import/preview: a spreadsheet with the export's columns answers its plan; an
 * owner's own menu answers a draft to check (a photo: the job that reads it, reading-jobs.ts).
 */
export const previewImport = storeCommand(PreviewImportInput, {}, async (command, { file_name, content, mapping }) => {
  const bytes = Buffer.from(content, "base64");
  const own = await readOwnMenu(command.keys, file_name, bytes);
  if (own instanceof ImportRefusal) return refusedPreview(own.error);
  if (!("sheet" in own)) return own;
  // A spreadsheet: the export's own columns answer a plan, any other columns a draft.
  const ownSheet = async () => {
    const read = await readOwnSheet(command.keys, file_name, bytes, mapping);
    return read instanceof ImportRefusal ? refusedPreview(read.error) : read;
  };
  if (mapping) return ownSheet();
  const { plan: result, error } = await prepared(command, file_name, content);
  // Not the export's columns; or a CSV in Windows-1251, which the export's reader takes only with its header.
  if (!result) return error!.code === "unknownColumns" || error!.code === "unreadableEncoding" ? ownSheet() : refusedPreview(error!);
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
 * created with the first chunk. Answers how far it got. The writes go in transactions of up to 100
 * (menu-import-write.ts): a chunk costs a few requests, not one or more per item.
 */
export const applyImport = storeCommand(ApplyImportInput, { publish: "named", translate: true }, async (command, { file_name, content, from, count }) => {
  const { keys, plan: result, items, state, paths } = await prepared(command, file_name, content);
  if (!result || result.errors.length) throw new UserError("importInvalid", 400);
  // What this chunk wrote goes to the engine (a store-wide look would cost the whole store per import).
  const written: TranslateRef[] = [];
  if (from === 0) {
    // New categories follow the existing ones in the order the sheet first names them (all are
    // created with the first chunk, so later chunks cannot reorder them).
    const next = new Map<string, number>();
    for (const c of state.categories) next.set(`${c.section}:${c.parent_id}`, Math.max(next.get(`${c.section}:${c.parent_id}`) ?? 0, c.position + 1));
    const categories = [];
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
          categories.push({ ...keys, category_id: id, section: section as "kitchen", type, name: names[depth]!, icon, parent_id, position, visible: true } as const);
          paths.set(path, id);
        }
        parent_id = id;
      }
    }
    await createCategories(keys, categories);
    for (const category of categories) written.push({ target_type: "Category", target_id: category.category_id, target: categoryTarget({ ...category, updated_at: "", translations: {} }) });
  }
  const ctx = await command.translation();
  const records = new Map(state.items.map((i) => [i.id, i]));
  const changes = new Map(result.change.map((c) => [c.id, new Set(c.fields)]));
  const chunk = items.slice(from, from + count);
  const KIND = { kitchen: "product", drinks: "product", hookahs: "hookah", games: "game" } as const;
  const categoryOf = (item: (typeof chunk)[number]) => paths.get(`${item.section}:${item.categoryPath.join(" / ")}`)!;
  // New rows: a block of positions from each category's counter (in sheet order), written with their counts.
  const creates = chunk.filter((item) => !item.id);
  const positions = await takePositionBlocks(keys, countByCategory(creates.map((item) => ({ category_id: categoryOf(item) }))));
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
  await createItems(keys, created);
  for (const record of created) written.push({ target_type: "Item", target_id: record.item_id, target: itemTarget({ ...record, updated_at: "", translations: {} }) });
  // Rows with an ID that change something. An item named twice in the chunk is written once (a
  // transaction writes an item once), as and where its last row says.
  const last = new Map<string, (typeof chunk)[number]>();
  for (const item of chunk) {
    if (!item.id || !changes.has(item.id)) continue;
    last.delete(item.id);
    last.set(item.id, item);
  }
  const changed = [...last.values()];
  const updates: ItemUpdate[] = [];
  const portionsOf = (item: (typeof chunk)[number]) => item.portions.map((p, i) => ({ id: records.get(item.id!)?.portions[i]?.id || newId(), ...p }));
  if (result.language === SOURCE_LANGUAGE) {
    // Another category: the end of it, with both counts, only from where it was read.
    const movesFrom = (item: (typeof chunk)[number]) => {
      const from = records.get(item.id!)?.category_id;
      return changes.get(item.id!)!.has("category") && from && from !== categoryOf(item) ? from : undefined;
    };
    const ends = await takePositionBlocks(keys, countByCategory(changed.filter(movesFrom).map((item) => ({ category_id: categoryOf(item) }))));
    for (const item of changed) {
      const item_id = item.id!;
      const fields = changes.get(item_id)!;
      // Only what changed: an unchanged description keeps its formatting (the sheet has plain text).
      const texts = {
        portions: portionsOf(item),
        ...givenFields(item),
        title: item.title,
        ...(fields.has("description") ? { description: plainDelta(item.description ?? "") } : {}),
      };
      const record = records.get(item_id);
      // Read again by the request (the info above lacks the translations' source hashes).
      written.push({ target_type: "Item", target_id: item_id });
      const index = record ? { index: { before: { item_id, ...record }, after: { item_id, ...record, title: item.title } } } : {};
      const moved = movesFrom(item);
      const category_id = categoryOf(item);
      updates.push(moved ? { item_id, set: { ...texts, category_id, position: ends.get(category_id)!.shift()! }, move: { from: moved, to: category_id }, ...index } : { item_id, set: texts, ...index });
    }
  } else {
    // A sheet in another language: the texts staff changed become that language's hand-made
    // translation (unchanged ones, even a fallback the export showed, are left alone).
    const texted = (item: (typeof chunk)[number]) => changes.get(item.id!)!.has("title") || changes.get(item.id!)!.has("description");
    const stored = await storedItems(keys, changed.filter(texted).map((item) => item.id!));
    for (const item of changed) {
      const item_id = item.id!;
      const fields = changes.get(item_id)!;
      const base = { portions: portionsOf(item), ...givenFields(item) };
      if (!texted(item)) {
        updates.push({ item_id, set: base });
        continue;
      }
      const target = itemTarget(stored.get(item_id)!);
      const own = target.translations[result.language];
      const entry = {
        ...own,
        ...(fields.has("title") ? { title: item.title } : {}),
        ...(fields.has("description") ? { description: plainDelta(item.description ?? "") } : {}),
        manual: true,
        ...sourceHashes(target, ctx.glossary),
      };
      const translations = { ...target.translations, [result.language]: entry };
      const title = target.sources.title ?? "";
      updates.push({ item_id, set: { ...base, translations }, index: { before: { item_id, title, translations: target.translations }, after: { item_id, title, translations } } });
    }
  }
  await updateItems(keys, updates);
  const done = Math.min(items.length, from + count);
  // A chunk that another follows holds its translations back a little: the next chunk's writes go
  // first instead of sharing the table with them (a 150-item apply: about 3.0 s → 2.x s locally).
  command.translate(written, done < items.length ? { delaySeconds: FOLLOWED_CHUNK_TRANSLATE_DELAY_SECONDS } : undefined);
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
