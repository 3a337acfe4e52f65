/**
 * Counts the records DynamoDB answers while `work` runs (Query and Scan items, GetItem, BatchGetItem
 * responses): a call whose cost must not grow with the store's size reads a bounded number of them.
 */
import { db } from "@menu/core/db/client";
import { countDbWork } from "@menu/core/db/work-counter";

export async function recordsRead<T>(work: () => Promise<T>): Promise<{ result: T; records: number }> {
  const { counts, stop } = countDbWork(db().client);
  try {
    return { result: await work(), records: counts.records };
  } finally {
    stop();
  }
}
