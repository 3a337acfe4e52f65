import type { Construct } from "constructs";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import * as sns from "aws-cdk-lib/aws-sns";
import { EmailSubscription } from "aws-cdk-lib/aws-sns-subscriptions";

/**
 * An app's alarms: one SNS topic, mailed to `email` when set, and an alarm maker whose alarms go
 * to it, named by `name(id)`, with their runbook in docs/deploy.md under `id`. An alarm fires at
 * `threshold` or more in one period; no data (no traffic, an empty queue) is fine unless `more`
 * says otherwise.
 */
export function alarmsTo(scope: Construct, { topicName, email, name }: { topicName: string; email?: string; name: (id: string) => string }) {
  const topic = new sns.Topic(scope, "alarms", { displayName: topicName, enforceSSL: true });
  if (email) topic.addSubscription(new EmailSubscription(email));
  const action = new SnsAction(topic);
  const alarm = (id: string, metric: cloudwatch.IMetric, description: string, threshold = 1, more: Partial<cloudwatch.AlarmProps> = {}) =>
    new cloudwatch.Alarm(scope, id, {
      alarmName: name(id),
      alarmDescription: `${description} Runbook: docs/deploy.md, "${id}".`,
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      ...more,
    }).addAlarmAction(action);
  return { topic, alarm };
}
