/**
 * Issue 36, point 6: a company manager starts a store's menu from another store of the company:
 * categories, items, portions, photos, marks, translations and the glossary. The copy is a job
 * (records/menu-copy.entity.ts): starting it plans it in the `copy` queue's worker, whose preview
 * the dialog shows; confirmed, the worker copies it chunk by chunk and the dialog polls its row.
 * All or nothing: nothing is written while any source item is invalid, and a copy that fails for
 * good undoes what it wrote (menu-copy-chunk.ts). Every call here costs a few key reads.
 */
import { z } from "zod";
import { Db } from "../db/service";
import { storeCommand } from "../command/store-command";
import { usePorts } from "../ports";
import { clock } from "../shared/clock";
import { isConditionFailure } from "../shared/conflict";
import { UserError } from "../shared/errors";
import { COPY_PRICES, COPY_STATUSES } from "../records/menu-copy.entity";
import { CopyPreview, sourceOf, type Keys } from "./menu-copy-plan";

const Id = z.string().min(1).max(64);
export const StartCopyInput = z.object({ store_id: Id, source_store_id: Id });
export const CopyRefInput = z.object({ store_id: Id, copy_id: Id });
export const ConfirmCopyInput = CopyRefInput.extend({ prices: z.enum(COPY_PRICES) });

/** A copy row is kept a week. */
const KEEP_DAYS = 7;
/** A planning or copying job untouched for this long is taken as lost and sent again when read (the worker's timeout is 300 s). */
export const RESUME_AFTER_MS = 6 * 60_000;

export const MenuCopyJob = z.object({
  id: z.string(),
  source_store_id: z.string(),
  status: z.enum(COPY_STATUSES),
  preview: CopyPreview.optional(),
  prices: z.enum(COPY_PRICES).optional(),
  done: z.number(),
  total: z.number(),
  created: z.number(),
  updated: z.number(),
  error: z.string().optional(),
  created_at: z.string(),
});
export type MenuCopyJob = z.infer<typeof MenuCopyJob>;

export const copyRow = async (ref: Keys & { copy_id: string }) => (await Db().entities.menuCopy.get(ref).go()).data;
type Row = NonNullable<Awaited<ReturnType<typeof copyRow>>>;

const view = (row: Row): MenuCopyJob => ({
  id: row.copy_id,
  source_store_id: row.source_store_id,
  status: row.status,
  ...(row.preview ? { preview: JSON.parse(row.preview) as CopyPreview } : {}),
  ...(row.prices ? { prices: row.prices } : {}),
  done: row.done ?? 0,
  total: row.total ?? 0,
  created: row.created ?? 0,
  updated: row.updated ?? 0,
  ...(row.error ? { error: row.error } : {}),
  created_at: row.created_at,
});

const running = (row: Row) => row.status === "planning" || row.status === "copying" || row.status === "undoing";
const send = (row: Row) => usePorts().queue.send("copy", { company_id: row.company_id, store_id: row.store_id, copy_id: row.copy_id });

/** The store's latest copy: copy ids sort by the time they were started. */
async function latestRow(keys: Keys) {
  const { data } = await Db().entities.menuCopy.query.byStore(keys).go({ order: "desc", limit: 1 });
  return data[0];
}

/** A job whose message was lost (the process stopped) is sent again when someone looks at it. */
async function resumed(row: Row) {
  if (running(row) && Date.parse(row.updated_at) < clock.now().getTime() - RESUME_AFTER_MS) {
    const { data } = await Db().entities.menuCopy.patch({ company_id: row.company_id, store_id: row.store_id, copy_id: row.copy_id }).set({ status: row.status }).go({ response: "all_new" });
    await send(row);
    return data as Row;
  }
  return row;
}

/**
 * A copy into the store is under way (copying, or undoing a failed one): the refusal carries it,
 * its id, status and progress in `details.copy`, so a second tab shows it instead of nothing.
 */
const underWay = (row: Row) => new UserError("copyRunning", 409, { copy: view(row) });

/**
 * POST /api/menu-copy: plans copying the source's menu into this store; the preview comes with the
 * job's row. One copy into a store at a time (another one under way: copyRunning, with that copy).
 */
export const startCopy = storeCommand(StartCopyInput, {}, async ({ keys }, { source_store_id }) => {
  await sourceOf(keys, source_store_id);
  const latest = await latestRow(keys);
  if (latest?.status === "copying" || latest?.status === "undoing") throw underWay(await resumed(latest));
  const now = clock.now();
  const copy_id = `${now.toISOString().replace(/\D/g, "")}-${crypto.randomUUID().slice(0, 8)}`;
  const { data } = await Db()
    .entities.menuCopy.create({ ...keys, copy_id, source_store_id, status: "planning", expiresAt: Math.ceil(now.getTime() / 1000) + KEEP_DAYS * 86_400 })
    .go();
  await send(data as Row);
  return view(data as Row);
});

/** GET /api/menu-copy/{copyId}: the job's state (the dialog polls it). */
export const copyStatus = storeCommand(CopyRefInput, {}, async ({ keys }, { copy_id }) => {
  const row = await copyRow({ ...keys, copy_id });
  if (!row) throw new UserError("notFound", 404);
  return view(await resumed(row));
});

/** GET /api/menu-copy?storeId=: the store's latest copy, or null (the dialog shows one under way). */
export const latestCopy = storeCommand(z.object({ store_id: Id }), {}, async ({ keys }) => {
  const row = await latestRow(keys);
  return row ? view(await resumed(row)) : null;
});

/**
 * POST /api/menu-copy/{copyId}/start: copies what was previewed, with the chosen prices for items the
 * store already has. Only the store's latest copy, planned and without invalid items, starts, once;
 * refused (copyRunning), the answer carries the store's latest copy (`details.copy`): the one under
 * way, or a plan made since in another tab.
 */
export const confirmCopy = storeCommand(ConfirmCopyInput, {}, async ({ keys }, { copy_id, prices }) => {
  const row = await copyRow({ ...keys, copy_id });
  if (!row) throw new UserError("notFound", 404);
  const preview = row.preview ? (JSON.parse(row.preview) as CopyPreview) : undefined;
  if (preview?.invalid) throw new UserError("copyInvalid", 400);
  const latest = await latestRow(keys);
  if (row.status !== "ready" || latest?.copy_id !== row.copy_id) throw underWay(latest ? await resumed(latest) : row);
  const { data } = await Db()
    .entities.menuCopy.patch({ ...keys, copy_id })
    .set({ status: "copying", prices, attempts: 0 })
    .where((a, op) => op.eq(a.status, "ready"))
    .go({ response: "all_new" })
    .catch(async (error: unknown) => {
      // Started by another request meanwhile.
      throw isConditionFailure(error) ? underWay((await copyRow({ ...keys, copy_id })) ?? row) : error;
    });
  await send(data as Row);
  return view(data as Row);
});
