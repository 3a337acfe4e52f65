import * as dynamodb from "aws-cdk-lib/aws-dynamodb";
import { Table, type StackContext } from "sst/constructs";
import { settings } from "./settings";

/**
 * The one DynamoDB table (single-table design, ElectroDB). Same shape as
 * packages/core/src/db/table.ts creates locally: pk/sk, two generic GSIs with
 * all attributes projected, TTL on `expiresAt`, on-demand billing.
 *
 * With `TABLE_NAME` set the stage runs on that table instead (one restored from a backup, docs/deploy.md
 * "Restore drill"): the stack creates none, and the functions, alarms and backups follow the name.
 */
export function Database({ stack }: StackContext) {
  const config = settings();
  const table = config.tableName
    ? new Table(stack, "menu", { cdk: { table: dynamodb.Table.fromTableName(stack, "restored", config.tableName) } })
    : new Table(stack, "menu", {
        fields: {
          pk: "string",
          sk: "string",
          gsi1pk: "string",
          gsi1sk: "string",
          gsi2pk: "string",
          gsi2sk: "string",
        },
        primaryIndex: { partitionKey: "pk", sortKey: "sk" },
        globalIndexes: {
          gsi1: { partitionKey: "gsi1pk", sortKey: "gsi1sk" },
          gsi2: { partitionKey: "gsi2pk", sortKey: "gsi2sk" },
        },
        timeToLiveAttribute: "expiresAt",
        cdk: {
          table: {
            // SST sets the deprecated `pointInTimeRecovery: true`; state it with the current property.
            pointInTimeRecovery: undefined,
            pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
            // A production stage's table cannot be deleted (by a stack removal or a slip in the console)
            // until someone turns this off; development stages stay removable with `sst remove`.
            deletionProtection: config.production,
          },
        },
      });

  stack.addOutputs({ TableName: table.tableName });
  return { table };
}
