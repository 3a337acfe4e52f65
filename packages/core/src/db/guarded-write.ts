import type { Entity, TransactWriteEntity } from "electrodb";
import { Db } from "./service";
import { WriteConflict } from "../shared/conflict";
import { UserError, type MessageCode } from "../shared/errors";
import type { UniqueKind } from "../records/unique.entity";

export type Guard = { kind: UniqueKind; value: string; ref: string; company_id?: string };

const CONFLICT: Record<UniqueKind, MessageCode> = {
  email: "emailExists",
  companyUrl: "companyUrlExists",
  storeUrl: "storeUrlExists",
  vat: "vatExists",
  iban: "ibanExists",
  tableName: "tableNameExists",
  managerSeat: "storeManagersLimit",
};

type Service = ReturnType<typeof Db>;
type Entities = {
  [K in keyof Service["entities"]]: Service["entities"][K] extends Entity<infer A, infer F, infer C, infer S>
    ? TransactWriteEntity<A, F, C, S>
    : never;
};

/**
 * Writes records together with the guard items that keep their unique values unique, in one
 * TransactWriteItems. Guards to release (an old value being replaced) are deleted in the same
 * transaction. A taken value fails the whole write with the specification's message.
 */
export async function guardedWrite(
  opts: { claim?: Guard[]; release?: Pick<Guard, "kind" | "value">[] },
  records: (entities: Entities) => unknown[],
) {
  const claim = opts.claim ?? [];
  const release = opts.release ?? [];
  const result = await Db()
    .transaction.write(
      (e) =>
        // ElectroDB types each committed operation at its call site; here they are only passed along.
        [
          ...claim.map((g) => e.unique.create(g).commit()),
          ...release.map((g) => e.unique.delete(g).commit()),
          ...records(e as Entities),
        ] as ReturnType<ReturnType<typeof e.unique.create>["commit"]>[],
    )
    .go();
  if (!result.canceled) return;
  const rejected = (result.data as { rejected: boolean; code?: string }[]).findIndex(
    (d) => d.rejected && d.code === "ConditionalCheckFailed",
  );
  const guard = claim[rejected];
  if (guard) throw new UserError(CONFLICT[guard.kind], 409);
  // A record's own condition failed: it changed meanwhile (deleted, renamed by a concurrent save).
  throw new WriteConflict(`Transaction canceled: ${JSON.stringify(result.data)}`);
}

/** The owner recorded by a guard item, or undefined. */
export async function lookupUnique(kind: UniqueKind, value: string) {
  const { data } = await Db().entities.unique.get({ kind, value }).go();
  return data?.ref;
}
