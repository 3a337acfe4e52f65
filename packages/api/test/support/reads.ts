/**
 * Counts the records DynamoDB answers while `work` runs (Query and Scan items, GetItem, BatchGetItem
 * responses): a call whose cost must not grow with the store's size reads a bounded number of them.
 */
import { db } from "@menu/core/db/client";

export async function recordsRead<T>(work: () => Promise<T>): Promise<{ result: T; records: number }> {
  const { client } = db();
  let records = 0;
  const name = `count-reads-${Math.random()}`;
  client.middlewareStack.add(
    (next) => async (args) => {
      const answer = await next(args);
      const output = (answer.output ?? {}) as { Items?: unknown[]; Item?: unknown; Responses?: Record<string, unknown[]> };
      records += (output.Items?.length ?? 0) + (output.Item ? 1 : 0) + Object.values(output.Responses ?? {}).reduce((n, list) => n + (Array.isArray(list) ? list.length : 0), 0);
      return answer;
    },
    { step: "initialize", name },
  );
  try {
    return { result: await work(), records };
  } finally {
    client.middlewareStack.remove(name);
  }
}
