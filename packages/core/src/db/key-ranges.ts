import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";

/**
 * The largest code point: every key that starts with a prefix sorts at or below the prefix followed
 * by it (DynamoDB orders strings by their UTF-8 bytes, that is by code point), unless the next
 * character is this noncharacter itself, which no key of ours holds.
 */
const LAST_CHARACTER = "\u{10FFFF}";

const PREFIX_CONDITION = /begins_with\((#\w+), (:\w+)\)/g;

type QueryInput = { KeyConditionExpression?: string; ExpressionAttributeValues?: Record<string, unknown> };

/**
 * Sends every key condition `begins_with(sk, :p)` (ElectroDB's query on a partial sort key) as the
 * equal range `sk BETWEEN :p AND :p + U+10FFFF`. DynamoDB answers both from its sort-key index;
 * DynamoDB Local (the local runtime and the tests) answers begins_with by reading the whole
 * partition, so a store's category list slowed down with the number of its items (issue 31,
 * decision 082). Values may be plain (the document client's) or marshalled ({ S }).
 */
export function sendPrefixesAsRanges(client: DynamoDBClient) {
  client.middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as QueryInput;
      const condition = input.KeyConditionExpression;
      if (!condition?.includes("begins_with(") || !input.ExpressionAttributeValues) return next(args);
      const values = { ...input.ExpressionAttributeValues };
      const ranged = condition.replace(PREFIX_CONDITION, (_, name: string, value: string) => {
        const prefix = values[value];
        values[`${value}_to`] =
          typeof prefix === "string" ? prefix + LAST_CHARACTER : { S: (prefix as { S: string }).S + LAST_CHARACTER };
        return `${name} BETWEEN ${value} AND ${value}_to`;
      });
      return next({ ...args, input: { ...input, KeyConditionExpression: ranged, ExpressionAttributeValues: values } });
    },
    // Before the request is serialized, after the document client has marshalled the values.
    { step: "serialize", priority: "high", name: "send-prefixes-as-ranges" },
  );
}
