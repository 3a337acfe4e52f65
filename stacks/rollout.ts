import { Duration } from "aws-cdk-lib";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import * as codedeploy from "aws-cdk-lib/aws-codedeploy";
import * as lambda from "aws-cdk-lib/aws-lambda";
import type { StackContext } from "sst/constructs";

/**
 * How a function's new code reaches its callers: each deploy publishes a version, and CodeDeploy moves
 * the `live` alias (what API Gateway and the SQS event sources invoke) to it step by step; when the
 * rollback alarm (errors through the alias) goes off meanwhile, CodeDeploy moves the alias back and
 * CloudFormation fails the deploy. docs/deploy.md, "Rolling back", says how to do it by hand.
 */
export const ROLLOUTS = {
  /** The API: a tenth of the requests for 5 minutes, then all. */
  api: { config: codedeploy.LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES, errors: 5, minutes: 5 },
  /** A worker: a tenth more every minute (its messages are retried, so a bad version loses nothing). */
  worker: { config: codedeploy.LambdaDeploymentConfig.LINEAR_10PERCENT_EVERY_1MINUTE, errors: 3, minutes: 10 },
} as const;

export const LIVE_ALIAS = "live";

export function rollout(stack: StackContext["stack"], app: StackContext["app"], name: string, fn: lambda.Function, kind: keyof typeof ROLLOUTS) {
  const { config, errors } = ROLLOUTS[kind];
  const alias = new lambda.Alias(stack, `${name}-live`, { aliasName: LIVE_ALIAS, version: fn.currentVersion });
  const alarm = new cloudwatch.Alarm(stack, `rollback-${name}`, {
    alarmName: app.logicalPrefixedName(`rollback-${name}`),
    alarmDescription: `${errors} or more errors of the ${name} function in a minute: a rollout in progress is rolled back. Runbook: docs/deploy.md, "rollback-${name}".`,
    metric: alias.metricErrors({ period: Duration.minutes(1), statistic: "Sum" }),
    threshold: errors,
    evaluationPeriods: 1,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });
  new codedeploy.LambdaDeploymentGroup(stack, `${name}-rollout`, {
    alias,
    deploymentConfig: config,
    alarms: [alarm],
    autoRollback: { failedDeployment: true, deploymentInAlarm: true, stoppedDeployment: true },
  });
  return alias;
}
