import { ArnFormat } from "aws-cdk-lib";
import * as logs from "aws-cdk-lib/aws-logs";
import * as wafv2 from "aws-cdk-lib/aws-wafv2";
import type { StackContext } from "sst/constructs";
import { MESSAGES } from "../packages/core/src/shared/errors";
import { logRetention } from "./settings";

/**
 * The web ACL of the CloudFront distribution. CloudFront takes only web ACLs of scope CLOUDFRONT,
 * which exist in us-east-1 alone, and SST v2 deploys every stack of an app in the app's region (its
 * `Stack` refuses an `env`, and its deploy uses one CloudFormation client), so this stack is an app of
 * its own, stacks/waf/sst.config.ts, pinned to us-east-1. The main app takes its ARN as `WEB_ACL_ARN`
 * (stacks/settings.ts; the prod stage refuses to build without it). docs/deploy.md has the order.
 *
 * Rules, in order: per client address, sign-in and the other /api/auth/* calls, and guest analytics
 * (POST /api/events, batched by the menu pages; a venue's guests often share one address, hence the
 * higher limit), answered 429 with the API's own error body; then AWS's common rule set.
 */
export function Firewall({ stack, app }: StackContext) {
  const limits = firewallLimits(process.env);
  const tooMany = { code: "tooManyAttempts", message: MESSAGES.tooManyAttempts };
  const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true });
  const path = (positionalConstraint: "STARTS_WITH" | "EXACTLY", searchString: string): wafv2.CfnWebACL.StatementProperty => ({
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint,
      searchString,
      // "/API/Auth/…" or "/api/%61uth/…" is not another path to the limit.
      textTransformations: [
        { priority: 0, type: "URL_DECODE" },
        { priority: 1, type: "LOWERCASE" },
      ],
    },
  });
  const rateRule = (name: string, priority: number, limit: number, scope: wafv2.CfnWebACL.StatementProperty): wafv2.CfnWebACL.RuleProperty => ({
    name,
    priority,
    statement: { rateBasedStatement: { aggregateKeyType: "IP", limit, evaluationWindowSec: RATE_WINDOW_SECONDS, scopeDownStatement: scope } },
    action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: "tooMany", responseHeaders: [{ name: "retry-after", value: String(RATE_WINDOW_SECONDS) }] } } },
    visibilityConfig: visibility(name),
  });

  const acl = new wafv2.CfnWebACL(stack, "web-acl", {
    name: app.logicalPrefixedName("web-acl"),
    scope: "CLOUDFRONT",
    defaultAction: { allow: {} },
    visibilityConfig: visibility("web-acl"),
    customResponseBodies: { tooMany: { contentType: "APPLICATION_JSON", content: JSON.stringify(tooMany) } },
    rules: [
      rateRule("auth-rate", 0, limits.auth, path("STARTS_WITH", "/api/auth/")),
      rateRule("events-rate", 1, limits.events, path("EXACTLY", "/api/events")),
      {
        name: "aws-common",
        priority: 2,
        statement: {
          managedRuleGroupStatement: {
            vendorName: "AWS",
            name: "AWSManagedRulesCommonRuleSet",
            // It blocks bodies over 8 KB; the API's JSON calls may carry up to 256 KB (packages/api/src/app.ts
            // JSON_BODY_LIMIT: a whole rich-text description, bulk tables) and check their size themselves.
            ruleActionOverrides: [{ name: "SizeRestrictions_BODY", actionToUse: { count: {} } }],
          },
        },
        overrideAction: { none: {} },
        visibilityConfig: visibility("aws-common"),
      },
    ],
  });

  // The requests the web ACL blocked or counted (the rule, the client, the path), kept LOG_RETENTION_DAYS
  // instead of the 3 hours of sampled requests. WAF takes only log groups named aws-waf-logs-*.
  const logGroup = new logs.LogGroup(stack, "waf-logs", {
    logGroupName: `aws-waf-logs-${app.logicalPrefixedName("web-acl")}`,
    retention: logRetention(process.env.LOG_RETENTION_DAYS),
  });
  new wafv2.CfnLoggingConfiguration(stack, "waf-logging", {
    resourceArn: acl.attrArn,
    // The group's ARN without the ":*" CDK's logGroupArn ends with, as WAF wants it.
    logDestinationConfigs: [stack.formatArn({ service: "logs", resource: "log-group", resourceName: logGroup.logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME })],
    // Sessions and sign-in links travel in cookies and headers: they are not kept.
    redactedFields: [{ singleHeader: { Name: "cookie" } }, { singleHeader: { Name: "authorization" } }],
    // What the web ACL blocked or counted; allowed requests are in CloudFront's edge log (Web.ts), and
    // logging them here too would cost about $6 a month per busy store. A JSON property: CloudFormation's spelling.
    loggingFilter: {
      DefaultBehavior: "DROP",
      Filters: [{ Behavior: "KEEP", Requirement: "MEETS_ANY", Conditions: [{ ActionCondition: { Action: "BLOCK" } }, { ActionCondition: { Action: "COUNT" } }] }],
    },
  });

  stack.addOutputs({ WebAclArn: acl.attrArn });
  return { acl, logGroup };
}

/** Requests per client address within RATE_WINDOW_SECONDS before WAF answers 429. */
export function firewallLimits(env: Record<string, string | undefined>) {
  return {
    auth: limitFrom(env, "WAF_AUTH_LIMIT", 100),
    events: limitFrom(env, "WAF_EVENTS_LIMIT", 2000),
  };
}

/** WAF counts over 1, 2, 5 or 10 minutes; 5 minutes smooths a burst of page loads. */
export const RATE_WINDOW_SECONDS = 300;

function limitFrom(env: Record<string, string | undefined>, name: string, fallback: number) {
  const value = Number(env[name] ?? fallback);
  // WAF's own bounds for a rate-based rule.
  if (!Number.isInteger(value) || value < 10 || value > 2_000_000_000) throw new Error(`${name} must be a whole number from 10 (got ${env[name]})`);
  return value;
}
