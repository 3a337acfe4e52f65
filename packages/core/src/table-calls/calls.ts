/**
 * Table calls (issue 36, point 2): a guest at a table calls the waiter or asks for the bill, staff
 * take the call and mark it done. Guest calls are identified by the table pass (pass.ts), staff calls
 * by the session through the store-command gate. Every change is one transaction that also bumps the
 * store's calls version (the staff board's ETag), so "anything new?" is one GetItem. A call ends by
 * being deleted (done, cancelled, or after 30 minutes); what the overview needs is counted as it is
 * taken or closed (analytics/call-waits.ts). Keys: docs/access-patterns.md "Table calls".
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { Db } from "../db/service";
import { countCall } from "../analytics/call-waits";
import { storeCommand, StoreId } from "../command/store-command";
import { CALL_KINDS, type CallKind } from "../records/table-call.entity";
import { useActor } from "../shared/actor";
import { clock } from "../shared/clock";
import { UserError } from "../shared/errors";
import { DEFAULT_TIME_ZONE } from "../shared/model";
import { canManageStore } from "../shared/policy";
import { resolveCsObject } from "../store/store";
import { storeMayUse } from "../billing/gate";
import { verifyTablePass } from "./pass";

/** A store has at most this many live calls (every read of them is one Query with this limit). */
export const MAX_LIVE_CALLS = 200;
/** A call nobody closed closes itself after this long. */
export const CALL_LIFETIME_MS = 30 * 60_000;
/** A table's new call of a kind within this long of its previous new call of that kind is refused. */
export const NEW_CALL_GAP_MS = 60_000;
export const NOTE_MAX = 140;
const TABLE_LIVE_LIMIT = 20;

export const CallKindSchema = z.enum(CALL_KINDS);
export const NewCall = z.object({ kind: CallKindSchema, note: z.string().trim().max(NOTE_MAX).optional() });
/** Call ids are made by `newCallId`: the creation time (so the store's calls sort oldest first) and a random tail. */
export const CallId = z.string().regex(/^\d{17}[0-9a-f]{8}$/);

const GuestCallSchema = z.object({
  id: z.string(),
  kind: CallKindSchema,
  note: z.string(),
  status: z.enum(["open", "taken"]),
  created_at: z.string(),
  taken_at: z.string().optional(),
});
export const GuestCall = GuestCallSchema;
export const GuestCalls = z.object({ calls: z.array(GuestCallSchema) });
export const StaffCall = GuestCallSchema.extend({ table_position: z.number(), table_name: z.string().optional() });
export const StaffCalls = z.object({ version: z.string(), calls: z.array(StaffCall) });

type Keys = { company_id: string; store_id: string };
type CallRecord = { call_id: string; table_position: number; table_name?: string; kind: CallKind; note?: string; status: "open" | "taken"; created_at: string; taken_at?: string };

const newCallId = (now: Date) => now.toISOString().replace(/\D/g, "") + randomBytes(4).toString("hex");
const guestView = (c: CallRecord) => ({
  id: c.call_id,
  kind: c.kind,
  note: c.note ?? "",
  status: c.status,
  created_at: c.created_at,
  ...(c.taken_at ? { taken_at: c.taken_at } : {}),
});
const staffView = (c: CallRecord) => ({ ...guestView(c), table_position: c.table_position, ...(c.table_name ? { table_name: c.table_name } : {}) });
const openSlot = (kind: CallKind) => (kind === "waiter" ? "open_waiter" : "open_bill");
const lastNew = (kind: CallKind) => (kind === "waiter" ? "last_waiter_at" : "last_bill_at");

/** The store and table of a guest's pass, and whether the store's plan has calls. */
async function guestTable(cookie: string | undefined) {
  const pass = await verifyTablePass(cookie);
  const place = await resolveCsObject({ companyKey: pass.c, storeKey: pass.s }).catch(() => {
    throw new UserError("tablePassInvalid", 403);
  });
  const keys: Keys = { company_id: place.company_id, store_id: place.store_id };
  const { data: store } = await Db().entities.store.get(keys).go();
  if (!store) throw new UserError("tablePassInvalid", 403);
  if (!(await storeMayUse(store, "table_calls"))) throw new UserError("callsNotInPlan", 403);
  return { keys, position: pass.t, name: pass.name };
}

/** A table's live calls, oldest first (one Query on gsi1). */
async function liveOfTable(keys: Keys, table_position: number) {
  const { data } = await Db().entities.tableCall.query.byTable({ ...keys, table_position }).go({ limit: TABLE_LIVE_LIMIT });
  return data as CallRecord[];
}

/**
 * POST /api/guest/calls: a new call of the pass's table, or the open one of that kind (`created:
 * false`: the offline queue may send it again). One open call per kind: a table's new call within a
 * minute of its previous new call of the same kind is refused (429 callTooSoon; so a guest who
 * cancels cannot call again at once, nor flood the board), the other kind is not (the bill while
 * the waiter is on the way, issue 48); and so is one beyond the store's MAX_LIVE_CALLS.
 */
export async function createGuestCall(cookie: string | undefined, input: z.input<typeof NewCall>) {
  const { kind, note = "" } = NewCall.parse(input);
  const { keys, position, name } = await guestTable(cookie);
  for (let attempt = 0; attempt < 2; attempt++) {
    const open = (await liveOfTable(keys, position)).find((c) => c.kind === kind && c.status === "open");
    if (open) return { created: false, call: guestView(open) };
    const now = clock.now();
    const cutoff = new Date(now.getTime() - NEW_CALL_GAP_MS).toISOString();
    // The table's name as it is now: the board says "Терраса 3", not "Стол 3" (issue 48).
    const call: CallRecord = { call_id: newCallId(now), table_position: position, ...(name ? { table_name: name } : {}), kind, note, status: "open", created_at: now.toISOString() };
    const slot = openSlot(kind);
    const last = lastNew(kind);
    const result = await Db()
      .transaction.write((e) => [
        e.tableCallSlot
          .upsert({ ...keys, table_position: position })
          .set({ [slot]: call.call_id, [last]: call.created_at })
          .where((a, op) => `${op.notExists(a[slot])} AND (${op.notExists(a[last])} OR ${op.lte(a[last], cutoff)})`)
          .commit(),
        e.tableCall.create({ ...keys, ...call }).commit(),
        e.tableCallsVersion
          .upsert({ store_id: keys.store_id, company_id: keys.company_id })
          .add({ version: 1, live: 1 })
          .where((a, op) => `${op.notExists(a.live)} OR ${op.lt(a.live, MAX_LIVE_CALLS)}`)
          .commit(),
      ])
      .go();
    if (!result.canceled) return { created: true, call: guestView(call) };
    const [slotRefused, , versionRefused] = (result.data as { rejected?: boolean }[]).map((d) => !!d.rejected);
    if (versionRefused) throw new UserError("tooManyAttempts", 429);
    if (!slotRefused) continue;
    const { data: held } = await Db().entities.tableCallSlot.get({ ...keys, table_position: position }).go();
    // Another guest of the table opened this kind meanwhile: answer theirs on the next round.
    if (held?.[slot]) continue;
    throw new UserError("callTooSoon", 429);
  }
  throw new UserError("callTooSoon", 429);
}

/** GET /api/guest/calls: the live calls of the pass's table. */
export async function guestCalls(cookie: string | undefined) {
  const { keys, position } = await guestTable(cookie);
  return { calls: (await liveOfTable(keys, position)).map(guestView) };
}

/** DELETE /api/guest/calls/{id}: cancels a live call of the pass's table (404 for any other). */
export async function cancelGuestCall(cookie: string | undefined, id: string) {
  const { keys, position } = await guestTable(cookie);
  const call = CallId.safeParse(id).success ? await callOf(keys, id) : undefined;
  if (!call || call.table_position !== position) throw new UserError("callNotFound", 404);
  await end(keys, call);
}

async function callOf(keys: Keys, call_id: string) {
  const { data } = await Db().entities.tableCall.get({ ...keys, call_id }).go();
  return (data ?? undefined) as CallRecord | undefined;
}

/** Deletes a live call (and frees its table's slot if it was open), bumping the version. False if it was gone. */
async function end(keys: Keys, call: CallRecord) {
  const slot = openSlot(call.kind);
  const result = await Db()
    .transaction.write((e) => [
      e.tableCall
        .delete({ ...keys, call_id: call.call_id })
        .where((a, op) => `${op.exists(a.call_id)} AND ${op.eq(a.status, call.status)}`)
        .commit(),
      ...(call.status === "open"
        ? [e.tableCallSlot.patch({ ...keys, table_position: call.table_position }).remove([slot]).where((a, op) => op.eq(a[slot], call.call_id)).commit()]
        : []),
      e.tableCallsVersion.upsert({ store_id: keys.store_id, company_id: keys.company_id }).add({ version: 1, live: -1 }).commit(),
    ])
    .go();
  return !result.canceled;
}

const seconds = (from: string, to: Date) => Math.max(0, Math.round((to.getTime() - Date.parse(from)) / 1000));
const placeOf = (store: { company_id: string; store_id: string; time_zone?: string }) => ({
  company_id: store.company_id,
  store_id: store.store_id,
  time_zone: store.time_zone ?? DEFAULT_TIME_ZONE,
});
const etagOf = (version: number | undefined) => `"c${version ?? 0}"`;

/**
 * The staff board's cheap check: the ETag of a store's calls if the caller may see them and it equals
 * `etag` (one GetItem: the version record names its company, which is all the policy needs), else
 * undefined (the caller reads the board in full, through the gate).
 */
export async function callsUnchanged(store_id: string, etag: string | undefined) {
  if (!etag) return undefined;
  const { data } = await Db().entities.tableCallsVersion.get({ store_id }).go();
  if (!data || !canManageStore(useActor(), data.company_id, store_id)) return undefined;
  const current = etagOf(data.version);
  return etag.split(",").some((t) => t.trim().replace(/^W\//, "") === current) ? current : undefined;
}

/**
 * GET /api/calls: the store's live calls, oldest first, and their version (the ETag). Calls older
 * than 30 minutes are closed on the way (counted per table, without a wait), which bumps the version.
 */
export const staffCalls = storeCommand(z.object({ storeId: StoreId }), {}, async ({ store, keys }) => {
  const [{ data }, version] = await Promise.all([
    Db().entities.tableCall.query.byStore(keys).go({ limit: MAX_LIVE_CALLS }),
    Db().entities.tableCallsVersion.get({ store_id: keys.store_id }).go(),
  ]);
  const now = clock.now();
  const oldest = new Date(now.getTime() - CALL_LIFETIME_MS).toISOString();
  const calls = data as CallRecord[];
  // A store's first board read writes its version record, so that polls before its first call are
  // answered by `callsUnchanged` too.
  if (!version.data) await Db().entities.tableCallsVersion.upsert({ store_id: keys.store_id, company_id: keys.company_id }).add({ version: 0, live: 0 }).go();
  const expired = calls.filter((c) => c.created_at <= oldest);
  if (!expired.length) return { version: etagOf(version.data?.version), calls: calls.map(staffView) };
  for (const call of expired) if ((await end(keys, call)) && call.status === "open") await countCall(placeOf(store), call.table_position);
  const { data: after } = await Db().entities.tableCallsVersion.get({ store_id: keys.store_id }).go();
  const gone = new Set(expired.map((c) => c.call_id));
  return { version: etagOf(after?.version), calls: calls.filter((c) => !gone.has(c.call_id)).map(staffView) };
});

const CallAction = z.object({ storeId: StoreId, id: z.string().max(64) });

async function liveCall(keys: Keys, id: string) {
  const call = CallId.safeParse(id).success ? await callOf(keys, id) : undefined;
  if (!call) throw new UserError("callNotFound", 404);
  return call;
}

/** POST /api/calls/{id}/take: a staff member takes an open call (counted with its wait). Taking a taken call changes nothing. */
export const takeCall = storeCommand(CallAction, {}, async ({ store, keys }, { id }) => {
  const call = await liveCall(keys, id);
  if (call.status === "taken") return staffView(call);
  const now = clock.now();
  const actor = useActor();
  const taken = { status: "taken" as const, taken_at: now.toISOString(), taken_by: actor.type === "user" ? actor.userId : "system" };
  const slot = openSlot(call.kind);
  const result = await Db()
    .transaction.write((e) => [
      e.tableCall.patch({ ...keys, call_id: id }).set(taken).where((a, op) => op.eq(a.status, "open")).commit(),
      e.tableCallSlot.patch({ ...keys, table_position: call.table_position }).remove([slot]).where((a, op) => op.eq(a[slot], id)).commit(),
      e.tableCallsVersion.upsert({ store_id: keys.store_id, company_id: keys.company_id }).add({ version: 1 }).commit(),
    ])
    .go();
  if (result.canceled) return staffView((await liveCall(keys, id)) ?? call);
  await countCall(placeOf(store), call.table_position, seconds(call.created_at, now));
  return staffView({ ...call, ...taken });
});

/** POST /api/calls/{id}/done: the call is closed (a call done without being taken counts its wait until now). */
export const finishCall = storeCommand(CallAction, {}, async ({ store, keys }, { id }) => {
  const call = await liveCall(keys, id);
  if (!(await end(keys, call))) throw new UserError("callNotFound", 404);
  if (call.status === "open") await countCall(placeOf(store), call.table_position, seconds(call.created_at, clock.now()));
  return { id };
});
