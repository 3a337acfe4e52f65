import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";

/**
 * Counts the DynamoDB requests a client sends and the records they answer (Query and Scan items,
 * GetItem, BatchGetItem responses) until `stop`: what a call's cost is made of, whatever the
 * machine's speed; and the milliseconds spent waiting for them (summed: parallel requests overlap).
 * Tests bound a call's reads with it; `pnpm bench:scale` prints it per call, `pnpm bench:import`
 * per command (`byCommand`: where the time of an apply goes).
 */
export function countDbWork(client: DynamoDBClient) {
  const counts = { requests: 0, records: 0, ms: 0, byCommand: {} as Record<string, { requests: number; ms: number }> };
  const name = `count-db-work-${Math.random()}`;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const started = performance.now();
      const answer = await next(args);
      const ms = performance.now() - started;
      counts.ms += ms;
      const command = (counts.byCommand[context.commandName ?? "?"] ??= { requests: 0, ms: 0 });
      command.requests += 1;
      command.ms += ms;
      const output = (answer.output ?? {}) as { Items?: unknown[]; Item?: unknown; Responses?: Record<string, unknown[]> };
      counts.requests += 1;
      counts.records += (output.Items?.length ?? 0) + (output.Item ? 1 : 0) + Object.values(output.Responses ?? {}).reduce((n, list) => n + (Array.isArray(list) ? list.length : 0), 0);
      return answer;
    },
    { step: "initialize", name },
  );
  return { counts, stop: () => void client.middlewareStack.remove(name) };
}
