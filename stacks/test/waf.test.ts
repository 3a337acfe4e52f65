/**
 * The WAF app (stacks/waf/sst.config.ts, stacks/Firewall.ts), synthesized offline for us-east-1:
 * the web ACL CloudFront takes, its rate rules on /api/auth/* and /api/events, AWS's common rules.
 */
import path from "node:path";
import { Template } from "aws-cdk-lib/assertions";
import { getStack } from "sst/constructs";
import { beforeAll, describe, expect, it } from "vitest";
import wafConfig from "../waf/sst.config";
import { Firewall, firewallLimits, RATE_WINDOW_SECONDS } from "../Firewall";
import { checkWithRulePacks } from "../nag";
import { root, ruleFindings, synth } from "./synth";

/** CloudFormation template JSON, which has no static type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Cfn = any;
let template: Template;
let stackRegion: string;
let findings: string[] = [];
let suppressed = 0;

beforeAll(async () => {
  const { app } = await synth("prod", { WAF_AUTH_LIMIT: "60", WAF_EVENTS_LIMIT: undefined, LOG_RETENTION_DAYS: "90" }, {
    dir: path.join(root, "stacks/waf"), config: wafConfig, region: "us-east-1", before: checkWithRulePacks,
  });
  // The rule packs' findings (issue 47, point 7: the WAF app is checked like the main app, nag.test.ts).
  ({ findings, suppressed } = ruleFindings(app));
  template = Template.fromStack(getStack(Firewall));
  stackRegion = getStack(Firewall).region;
}, 120_000);

function acl(): Cfn {
  const all = Object.values(template.findResources("AWS::WAFv2::WebACL"));
  expect(all).toHaveLength(1);
  return all[0]!.Properties;
}
const rule = (name: string) => acl().Rules.find((r: Cfn) => r.Name === name);

describe("WAF app", () => {
  it("is its own app in us-east-1 with a CloudFront-scoped web ACL that allows by default", () => {
    expect(wafConfig.config()).toEqual({ name: "qr-menu-waf", region: "us-east-1" });
    expect(stackRegion).toBe("us-east-1");
    expect(getStack(Firewall).stackName).toBe("prod-qr-menu-waf-Firewall");
    expect(acl()).toMatchObject({ Scope: "CLOUDFRONT", DefaultAction: { Allow: {} } });
    template.hasOutput("WebAclArn", {});
  });

  it("limits each address's /api/auth/* calls (the stage's WAF_AUTH_LIMIT) and its /api/events posts, answering 429 with the API's body", () => {
    const auth = rule("auth-rate");
    const events = rule("events-rate");
    expect(auth.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: "IP", Limit: 60, EvaluationWindowSec: RATE_WINDOW_SECONDS });
    expect(events.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: "IP", Limit: firewallLimits({}).events, EvaluationWindowSec: RATE_WINDOW_SECONDS });
    const match = (r: Cfn) => r.Statement.RateBasedStatement.ScopeDownStatement.ByteMatchStatement;
    expect(match(auth)).toMatchObject({ FieldToMatch: { UriPath: {} }, PositionalConstraint: "STARTS_WITH", SearchString: "/api/auth/" });
    expect(match(events)).toMatchObject({ FieldToMatch: { UriPath: {} }, PositionalConstraint: "EXACTLY", SearchString: "/api/events" });
    for (const r of [auth, events]) {
      expect(match(r).TextTransformations.map((x: Cfn) => x.Type)).toEqual(["URL_DECODE", "LOWERCASE"]);
      expect(r.Action.Block.CustomResponse).toMatchObject({ ResponseCode: 429, CustomResponseBodyKey: "tooMany" });
    }
    expect(JSON.parse(acl().CustomResponseBodies.tooMany.Content)).toEqual({ code: "tooManyAttempts", message: "Too many attempts. Please try again later" });
  });

  it("runs AWS's common rule set after the rate rules, counting only its 8 KB body rule", () => {
    const common = rule("aws-common");
    expect(common.Statement.ManagedRuleGroupStatement).toMatchObject({ VendorName: "AWS", Name: "AWSManagedRulesCommonRuleSet" });
    expect(common.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([{ Name: "SizeRestrictions_BODY", ActionToUse: { Count: {} } }]);
    expect(common.OverrideAction).toEqual({ None: {} });
    expect(acl().Rules.map((r: Cfn) => [r.Name, r.Priority])).toEqual([["auth-rate", 0], ["events-rate", 1], ["aws-common", 2]]);
    for (const r of acl().Rules) expect(r.VisibilityConfig.CloudWatchMetricsEnabled).toBe(true);
  });

  it("refuses a limit WAF would not take", () => {
    expect(() => firewallLimits({ WAF_AUTH_LIMIT: "5" })).toThrow(/WAF_AUTH_LIMIT/);
    expect(() => firewallLimits({ WAF_EVENTS_LIMIT: "many" })).toThrow(/WAF_EVENTS_LIMIT/);
  });

  it("logs blocked and counted requests to CloudWatch Logs for the stage's retention, without cookies or authorization headers", () => {
    const [groupId, group] = Object.entries(template.findResources("AWS::Logs::LogGroup"))[0]!;
    expect(group.Properties).toMatchObject({ LogGroupName: "aws-waf-logs-prod-qr-menu-waf-web-acl", RetentionInDays: 90 });
    const logging = Object.values(template.findResources("AWS::WAFv2::LoggingConfiguration"))[0]!.Properties;
    expect(logging.ResourceArn).toEqual({ "Fn::GetAtt": [Object.keys(template.findResources("AWS::WAFv2::WebACL"))[0], "Arn"] });
    expect(JSON.stringify(logging.LogDestinationConfigs)).toContain(groupId);
    expect(JSON.stringify(logging.LogDestinationConfigs)).not.toContain(":*");
    expect(logging.RedactedFields).toEqual([{ SingleHeader: { Name: "cookie" } }, { SingleHeader: { Name: "authorization" } }]);
    // Blocked and counted requests only (allowed ones are in CloudFront's edge log).
    expect(logging.LoggingFilter).toEqual({
      DefaultBehavior: "DROP",
      Filters: [{ Behavior: "KEEP", Requirement: "MEETS_ANY", Conditions: [{ ActionCondition: { Action: "BLOCK" } }, { ActionCondition: { Action: "COUNT" } }] }],
    });
  });

  it("leaves no unsuppressed finding of AWS's rule packs (cdk-nag), SST's helper Lambda's by stacks/nag.ts's reasons", () => {
    expect(findings).toEqual([]);
    // The five findings on SST's custom resource handler (IAM4, L1, Serverless' runtime, tracing, DLQ).
    expect(suppressed).toBeGreaterThan(0);
  });
});
