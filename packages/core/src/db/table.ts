import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from "@aws-sdk/client-dynamodb";

/**
 * The one table: pk/sk plus two generic GSIs (gsi1, gsi2) and a TTL attribute.
 * The same definition is created by stacks/Database.ts in the cloud.
 */
export const TABLE_KEYS = ["pk", "sk", "gsi1pk", "gsi1sk", "gsi2pk", "gsi2sk"] as const;
export const TTL_ATTRIBUTE = "expiresAt";

export async function tableExists(client: DynamoDBClient, name: string) {
  try {
    await client.send(new DescribeTableCommand({ TableName: name }));
    return true;
  } catch (error) {
    if ((error as Error).name !== "ResourceNotFoundException") throw error;
    return false;
  }
}

export async function ensureTable(client: DynamoDBClient, name: string) {
  if (await tableExists(client, name)) return false;
  const gsi = (n: 1 | 2) => ({
    IndexName: `gsi${n}`,
    KeySchema: [
      { AttributeName: `gsi${n}pk`, KeyType: "HASH" as const },
      { AttributeName: `gsi${n}sk`, KeyType: "RANGE" as const },
    ],
    Projection: { ProjectionType: "ALL" as const },
  });
  await client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: TABLE_KEYS.map((AttributeName) => ({ AttributeName, AttributeType: "S" })),
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
      GlobalSecondaryIndexes: [gsi(1), gsi(2)],
    }),
  );
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: name });
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: name,
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
    }),
  );
  return true;
}
