import { Stack } from "aws-cdk-lib";
import type { KeyValueStore } from "aws-cdk-lib/aws-cloudfront";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import type { Bucket, Queue, Table } from "sst/constructs";

/**
 * Explicit IAM grants, one per kind of access a function's code makes. SST's `permissions: [table]`
 * (and bucket, queue) grant `dynamodb:*`, `s3:*`, `sqs:*`; these name the actions instead.
 */
export const grant = {
  /** ElectroDB items: reads, queries, writes, batches and transactions (no Scan, no table management). */
  table: (table: Table) =>
    new PolicyStatement({
      actions: [
        "dynamodb:GetItem",
        "dynamodb:BatchGetItem",
        "dynamodb:Query",
        "dynamodb:PutItem",
        "dynamodb:UpdateItem",
        "dynamodb:DeleteItem",
        "dynamodb:BatchWriteItem",
        "dynamodb:ConditionCheckItem",
      ],
      resources: [table.tableArn, `${table.tableArn}/index/*`],
    }),
  /**
   * Objects of a bucket. Reading includes s3:ListBucket: without it S3 answers a missing key with
   * 403 instead of NoSuchKey, and the object store could not tell "absent" from "denied".
   */
  objects: (bucket: Bucket, access: { read?: boolean; write?: boolean; remove?: boolean }) => [
    new PolicyStatement({
      actions: [
        ...(access.read ? ["s3:GetObject"] : []),
        ...(access.write ? ["s3:PutObject"] : []),
        ...(access.remove ? ["s3:DeleteObject"] : []),
      ],
      resources: [`${bucket.bucketArn}/*`],
    }),
    ...(access.read ? [new PolicyStatement({ actions: ["s3:ListBucket"], resources: [bucket.bucketArn] })] : []),
  ],
  /** Sending jobs (consumers get receive/delete from their event source mapping). */
  send: (...queues: Queue[]) =>
    new PolicyStatement({ actions: ["sqs:SendMessage"], resources: queues.map((q) => q.queueArn) }),
  /** Writing guest routes to CloudFront's KeyValueStore (packages/core/src/adapters/cloudfront-guest-edge.ts). */
  edgeRoutes: (kvs: KeyValueStore) =>
    new PolicyStatement({
      actions: [
        "cloudfront-keyvaluestore:DescribeKeyValueStore",
        "cloudfront-keyvaluestore:GetKey",
        "cloudfront-keyvaluestore:PutKey",
      ],
      resources: [kvs.keyValueStoreArn],
    }),
  /** The site's address that the Web stack writes as SST parameter (functions/src/settings.ts). */
  publicBaseUrlParameter: (stack: Stack, name: string) =>
    new PolicyStatement({
      actions: ["ssm:GetParameters"],
      resources: [`arn:${stack.partition}:ssm:${stack.region}:${stack.account}:parameter${name}`],
    }),
};
