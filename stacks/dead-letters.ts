import { Duration, type Stack } from "aws-cdk-lib";
import * as sqs from "aws-cdk-lib/aws-sqs";
import type { App } from "sst/constructs";

/** A dead-letter queue (raw CDK: SST has no DLQ construct), kept 14 days for a redrive; stacks/Monitoring.ts alarms on each. */
export function deadLetterQueue(stack: Stack, app: App, id: string) {
  return new sqs.Queue(stack, id, { queueName: app.logicalPrefixedName(id), retentionPeriod: Duration.days(14), enforceSSL: true });
}
