import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { sendPrefixesAsRanges } from "./key-ranges";

export type DbConfig = { table: string; endpoint?: string; region?: string };

let current: { client: DynamoDBClient; table: string } | undefined;

/** Points the domain at a table. Called once at start-up (Lambda cold start, local runtime, each test file). */
export function configureDb(config: DbConfig) {
  const client = new DynamoDBClient({
    // Throttling and DynamoDB's internal errors are retried with exponential back-off (the SDK's
    // standard mode); what still fails is answered 503 (shared/overload.ts).
    maxAttempts: 5,
    region: config.region ?? process.env.AWS_REGION ?? "eu-central-1",
    ...(config.endpoint
      ? { endpoint: config.endpoint, credentials: { accessKeyId: "local", secretAccessKey: "local" } }
      : {}),
  });
  sendPrefixesAsRanges(client);
  current = { client, table: config.table };
  return current;
}

export function db() {
  if (!current) {
    const table = process.env.TABLE_NAME;
    if (!table) throw new Error("Database is not configured: set TABLE_NAME or call configureDb()");
    return configureDb({ table, endpoint: process.env.DYNAMODB_ENDPOINT });
  }
  return current;
}
