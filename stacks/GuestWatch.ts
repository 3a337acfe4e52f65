import { Duration } from "aws-cdk-lib";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import { Cron, type StackContext } from "sst/constructs";
import { alarmsTo } from "./alarms";
import { EDGE_FUNCTIONS, edgeFunctionName } from "./edge-functions";

/**
 * The guest path's alarms, in us-east-1 where CloudFront, its functions and the WAF publish their
 * metrics (an app of its own like the WAF app: stacks/watch/sst.config.ts, deployed after the main
 * app, whose DistributionId it takes). Each alarm's runbook is in docs/deploy.md under its name:
 *
 *   edge-5xx-rate        over 5 % of the distribution's answers in 5 minutes were 5xx
 *   edge-errors-<fn>     a CloudFront Function threw or returned what CloudFront cannot use
 *   edge-throttles-<fn>  a CloudFront Function went over its compute budget
 *   waf-blocked-rate     over 10 % of at least 100 requests in 5 minutes blocked by the web ACL
 *   guest-check          the guest check (stacks/watch/guest-check.ts) failed twice in a row
 *
 * Periods are 5 minutes and the check runs every 5: the operator is mailed within 10 minutes.
 */
export function GuestWatch({ stack, app }: StackContext) {
  const config = watchSettings(process.env);
  // The main app's name: its functions are named after it (Web.ts), this app is "<name>-watch".
  const main = { stage: app.stage, name: app.name.replace(/-watch$/, "") };
  const { topic, alarm } = alarmsTo(stack, { topicName: `${main.name} ${app.stage} guest path alarms`, email: config.alarmEmail, name: (id) => `${app.stage}-${main.name}-${id}` });
  const period = Duration.minutes(5);

  const edge = (metricName: string, dimensionsMap: Record<string, string>, statistic = "Sum") =>
    new cloudwatch.Metric({ namespace: "AWS/CloudFront", metricName, dimensionsMap: { ...dimensionsMap, Region: "Global" }, period, statistic });

  alarm("edge-5xx-rate", edge("5xxErrorRate", { DistributionId: config.distributionId }, "Average"), "Over 5 % of CloudFront's answers to guests were 5xx.", EDGE_5XX_PERCENT);

  for (const id of EDGE_FUNCTIONS) {
    const FunctionName = edgeFunctionName(main, id);
    alarm(
      `edge-errors-${id}`,
      new cloudwatch.MathExpression({
        expression: "execution + validation",
        usingMetrics: { execution: edge("FunctionExecutionErrors", { FunctionName }), validation: edge("FunctionValidationErrors", { FunctionName }) },
        period,
        label: `${id} errors`,
      }),
      `The CloudFront Function ${FunctionName} failed on a request.`,
      1,
    );
    alarm(`edge-throttles-${id}`, edge("FunctionThrottles", { FunctionName }), `The CloudFront Function ${FunctionName} was throttled.`, 1);
  }

  const waf = (metricName: string) =>
    new cloudwatch.Metric({ namespace: "AWS/WAFV2", metricName, dimensionsMap: { WebACL: config.webAclName, Rule: "ALL" }, period, statistic: "Sum" });
  alarm(
    "waf-blocked-rate",
    new cloudwatch.MathExpression({
      expression: "IF(allowed + blocked >= 100, 100 * blocked / (allowed + blocked), 0)",
      usingMetrics: { allowed: waf("AllowedRequests"), blocked: waf("BlockedRequests") },
      period,
      label: "WAF blocked %",
    }),
    `Over ${WAF_BLOCKED_PERCENT} % of the requests to the site were blocked by the web ACL.`,
    WAF_BLOCKED_PERCENT,
  );

  const check = new Cron(stack, "check", {
    schedule: "rate(5 minutes)",
    job: {
      function: {
        handler: "guest-check.handler",
        runtime: "nodejs22.x",
        architecture: "arm_64",
        timeout: 60,
        environment: {
          GUEST_CHECK_BASE_URL: config.siteUrl,
          GUEST_CHECK_STORE: config.store,
          GUEST_CHECK_LANG: config.lang,
          GUEST_CHECK_QR: config.qrKey,
        },
      },
    },
  });
  const checkFunction = check.jobFunction;
  // A failed run is a failed check: Lambda must not retry it into a success.
  checkFunction.configureAsyncInvoke({ retryAttempts: 0 });
  alarm("guest-check", checkFunction.metricErrors({ period, statistic: "Sum" }), "The guest check could not load the menu page, its index or a QR redirect twice in a row.", 1, {
    evaluationPeriods: 2,
    datapointsToAlarm: 2,
    // No run is no check: that pages too.
    treatMissingData: cloudwatch.TreatMissingData.BREACHING,
  });

  stack.addOutputs({ GuestAlarmTopicArn: topic.topicArn });
  return { topic, check };
}

export const EDGE_5XX_PERCENT = 5;
export const WAF_BLOCKED_PERCENT = 10;

/** The watch app's settings (the stage's env files, as the main app's): what it watches and whom it tells. */
export function watchSettings(env: Record<string, string | undefined>) {
  const development = env.DEVELOPMENT_STAGE === "true";
  const missing = (
    [
      ["DISTRIBUTION_ID", "the main app's DistributionId output"],
      ["WEB_ACL_ARN", "the WAF app's WebAclArn"],
      ["GUEST_CHECK_STORE", "the store the guest check loads, as company/store"],
      ["GUEST_CHECK_QR", "a table's QR key of that store"],
      ...(development ? [] : [["ALARM_EMAIL", "where the guest path's alarms go"]]),
    ] as const
  ).filter(([name]) => !env[name]);
  const siteUrl = env.PUBLIC_BASE_URL || (env.DOMAIN_NAME ? `https://${env.DOMAIN_NAME}` : "");
  if (missing.length || !siteUrl) {
    const needs = [...missing.map(([name, what]) => `${name} (${what})`), ...(siteUrl ? [] : ["DOMAIN_NAME or PUBLIC_BASE_URL (the site guests load)"])];
    throw new Error(`The watch app needs ${needs.join(", ")} (docs/deploy.md)`);
  }
  if (!/^[^/]+\/[^/]+$/.test(env.GUEST_CHECK_STORE!)) throw new Error(`GUEST_CHECK_STORE must be company/store, got ${env.GUEST_CHECK_STORE}`);
  const webAclName = /:global\/webacl\/([^/]+)\//.exec(env.WEB_ACL_ARN!)?.[1];
  if (!webAclName) throw new Error(`WEB_ACL_ARN must be a CloudFront web ACL's ARN, got ${env.WEB_ACL_ARN}`);
  return {
    distributionId: env.DISTRIBUTION_ID!,
    webAclName,
    alarmEmail: env.ALARM_EMAIL || undefined,
    siteUrl,
    store: env.GUEST_CHECK_STORE!,
    lang: env.GUEST_CHECK_LANG || "ru",
    qrKey: env.GUEST_CHECK_QR!,
  };
}
