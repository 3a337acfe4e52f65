import { Duration } from "aws-cdk-lib";
import * as budgets from "aws-cdk-lib/aws-budgets";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import * as iam from "aws-cdk-lib/aws-iam";
import type * as lambda from "aws-cdk-lib/aws-lambda";
import type * as sqs from "aws-cdk-lib/aws-sqs";
import { use, type StackContext } from "sst/constructs";
import { alarmsTo } from "./alarms";
import { Api } from "./Api";
import { Database } from "./Database";
import { Mail } from "./Mail";
import { Schedules } from "./Schedules";
import { settings } from "./settings";
import { Workers } from "./Workers";

/**
 * What tells the operator that something broke: alarms to one SNS topic (mailed to ALARM_EMAIL),
 * and the monthly AWS Budget's warnings to the same topic. Each alarm's runbook is in
 * docs/deploy.md under its name's last part ("dlq-translate", "errors-api", …).
 *
 *   dlq-*         a message in a dead-letter queue (a job failed 5 times, the schedule's target 3 times,
 *                 a mail feedback notification all of SNS's retries)
 *   errors-*      a function ended in an error (a worker's message will be retried)
 *   throttles-*   a function was refused a run (its concurrency cap, or the account's)
 *   api-5xx-rate  over 5 % of at least 20 API requests in 5 minutes answered 5xx
 *   api-direct-calls  requests refused before the function for want of CloudFront's origin header
 *   (the guest path's alarms live in us-east-1: stacks/GuestWatch.ts; the rollouts' in Api and Workers: stacks/rollout.ts)
 *   table-throttles  DynamoDB refused reads or writes
 *   schedule-failures  EventBridge could not run the scheduler
 */
export function Monitoring({ stack, app }: StackContext) {
  const config = settings();
  const { table } = use(Database);
  const { deadLetters, consumers } = use(Workers);
  const { scheduler, scheduleDeadLetters } = use(Schedules);
  const { api, handler, directCalls } = use(Api);
  const mail = use(Mail);

  const { topic, alarm } = alarmsTo(stack, { topicName: `${app.name} ${app.stage} alarms`, email: config.alarmEmail, name: (id) => app.logicalPrefixedName(id) });
  const period = Duration.minutes(5);

  const dlqs: [string, sqs.IQueue][] = [...Object.entries(deadLetters), ["schedule", scheduleDeadLetters], ["mail-feedback", mail.deadLetters]];
  for (const [name, dlq] of dlqs) {
    alarm(`dlq-${name}`, dlq.metricApproximateNumberOfMessagesVisible({ period, statistic: "Maximum" }), `A message is in the ${name} dead-letter queue.`);
  }

  const functions: [string, lambda.IFunction][] = [
    ["api", handler],
    ["scheduler", scheduler.jobFunction],
    ...Object.entries(consumers),
    ["mail-feedback", mail.feedback],
  ];
  for (const [name, fn] of functions) {
    alarm(`errors-${name}`, fn.metricErrors({ period, statistic: "Sum" }), `The ${name} function ended in an error.`);
    alarm(`throttles-${name}`, fn.metricThrottles({ period, statistic: "Sum" }), `The ${name} function was throttled.`);
  }

  const apiMetric = (metricName: string) =>
    new cloudwatch.Metric({ namespace: "AWS/ApiGateway", metricName, dimensionsMap: { ApiId: api.httpApiId }, period, statistic: "Sum" });
  alarm(
    "api-5xx-rate",
    new cloudwatch.MathExpression({
      // A percentage, once there are enough requests for one to mean something.
      expression: "IF(requests >= 20, 100 * failed / requests, 0)",
      usingMetrics: { failed: apiMetric("5xx"), requests: apiMetric("Count") },
      period,
      label: "API 5xx %",
    }),
    "Over 5 % of the API's answers were 5xx.",
    API_5XX_PERCENT,
  );

  alarm("api-direct-calls", directCalls, `${DIRECT_CALLS} or more calls in 5 minutes reached the API without CloudFront's origin header (the execute-api URL).`, DIRECT_CALLS);

  const tableMetric = (metricName: string) => table.cdk.table.metric(metricName, { period, statistic: "Sum" });
  alarm(
    "table-throttles",
    new cloudwatch.MathExpression({
      expression: "reads + writes",
      usingMetrics: { reads: tableMetric("ReadThrottleEvents"), writes: tableMetric("WriteThrottleEvents") },
      period,
      label: "Throttled table requests",
    }),
    "DynamoDB throttled requests to the table.",
  );

  alarm(
    "schedule-failures",
    new cloudwatch.Metric({ namespace: "AWS/Events", metricName: "FailedInvocations", dimensionsMap: { RuleName: scheduler.cdk.rule.ruleName }, period, statistic: "Sum" }),
    "EventBridge failed to invoke the scheduler.",
  );

  // Budgets publish to the topic (its policy lets them) and so reach the same mailbox.
  topic.addToResourcePolicy(
    new iam.PolicyStatement({
      principals: [new iam.ServicePrincipal("budgets.amazonaws.com")],
      actions: ["sns:Publish"],
      resources: [topic.topicArn],
      conditions: { StringEquals: { "aws:SourceAccount": stack.account } },
    }),
  );
  const notify = (notificationType: "ACTUAL" | "FORECASTED", threshold: number) => ({
    notification: { notificationType, comparisonOperator: "GREATER_THAN", threshold, thresholdType: "PERCENTAGE" },
    subscribers: [{ subscriptionType: "SNS", address: topic.topicArn }],
  });
  new budgets.CfnBudget(stack, "budget", {
    budget: {
      budgetName: app.logicalPrefixedName("monthly"),
      budgetType: "COST",
      timeUnit: "MONTHLY",
      budgetLimit: { amount: config.monthlyBudgetUsd, unit: "USD" },
    },
    notificationsWithSubscribers: [notify("ACTUAL", 80), notify("FORECASTED", 100)],
  });

  stack.addOutputs({ AlarmTopicArn: topic.topicArn });
  return { topic };
}

export const API_5XX_PERCENT = 5;
/** Refused direct calls in 5 minutes that page: scanners find the execute-api URL now and then. */
export const DIRECT_CALLS = 20;
