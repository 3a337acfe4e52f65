/**
 * A write refused because the data changed meanwhile: a concurrent request deleted the row, or won
 * the race for a condition. The domain handles the races it expects; any other one reaches the API's
 * error mapper, which answers 409 "Request failed" (try again), never 500.
 */
export class WriteConflict extends Error {
  override name = "WriteConflict";
}

const CONFLICTS = new Set(["ConditionalCheckFailedException", "TransactionCanceledException", "TransactionConflictException"]);

export function isWriteConflict(error: unknown): boolean {
  if (error instanceof WriteConflict) return true;
  const e = error as { name?: string; message?: unknown; cause?: { name?: string } } | undefined;
  return CONFLICTS.has(e?.name ?? "") || CONFLICTS.has(e?.cause?.name ?? "") || /The conditional request failed/.test(String(e?.message ?? ""));
}

/** A conditional write (or update) whose condition did not hold: the race the caller expects. */
export const isConditionFailure = (error: unknown) =>
  /conditional/i.test(String((error as Error)?.message)) ||
  (error as { cause?: { name?: string } })?.cause?.name === "ConditionalCheckFailedException";
