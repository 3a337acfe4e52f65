/**
 * The production stage, synthesized offline with the settings docs/deploy.md asks for
 * (stacks/test/synth.ts): what only production gets.
 */
import { Match, Template } from "aws-cdk-lib/assertions";
import { getStack } from "sst/constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { Api } from "../Api";
import { Database } from "../Database";
import { Storage } from "../Storage";
import { Monitoring } from "../Monitoring";
import { Web } from "../Web";
import { Workers } from "../Workers";
import { synth } from "./synth";

/** CloudFormation template JSON, which has no static type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Cfn = any;
const WEB_ACL_ARN = "arn:aws:wafv2:us-east-1:123456789012:global/webacl/prod-qr-menu-waf-web-acl/0123-abcd";
let web: Template;
let monitoring: Template;
let api: Template;
let workers: Template;
let database: Template;
let storage: Template;

beforeAll(async () => {
  await synth("prod", {
    DOMAIN_NAME: "menu.example.com",
    CERTIFICATE_ARN: "arn:aws:acm:us-east-1:123456789012:certificate/abc",
    MAIL_FROM: "no-reply@example.com",
    WEB_ACL_ARN,
    ALARM_EMAIL: "ops@example.com",
    LOG_RETENTION_DAYS: "90",
    MONTHLY_BUDGET_USD: "250",
    PUBLIC_BASE_URL: undefined,
  });
  web = Template.fromStack(getStack(Web));
  monitoring = Template.fromStack(getStack(Monitoring));
  api = Template.fromStack(getStack(Api));
  workers = Template.fromStack(getStack(Workers));
  database = Template.fromStack(getStack(Database));
  storage = Template.fromStack(getStack(Storage));
}, 120_000);

function distribution(): Cfn {
  const all = Object.values(web.findResources("AWS::CloudFront::Distribution"));
  expect(all).toHaveLength(1);
  return all[0]!.Properties.DistributionConfig;
}

describe("production stage", () => {
  it("serves its own domain with the TLSv1.2_2021 policy over SNI", () => {
    const config = distribution();
    expect(config.Aliases).toEqual(["menu.example.com"]);
    expect(config.ViewerCertificate).toEqual({
      AcmCertificateArn: "arn:aws:acm:us-east-1:123456789012:certificate/abc",
      MinimumProtocolVersion: "TLSv1.2_2021",
      SslSupportMethod: "sni-only",
    });
  });

  it("puts the WAF app's web ACL in front of the distribution", () => {
    expect(distribution().WebACLId).toBe(WEB_ACL_ARN);
  });

  it("mails the alarms topic to ALARM_EMAIL, with the stage's budget and log retention", () => {
    const topicId = Object.keys(monitoring.findResources("AWS::SNS::Topic"))[0]!;
    monitoring.hasResourceProperties("AWS::SNS::Subscription", { Protocol: "email", Endpoint: "ops@example.com", TopicArn: { Ref: topicId } });
    monitoring.hasResourceProperties("AWS::Budgets::Budget", { Budget: Match.objectLike({ BudgetLimit: { Amount: 250, Unit: "USD" } }) });
    for (const template of [api, workers]) {
      const retentions = Object.values(template.findResources("Custom::LogRetention"));
      expect(retentions.length).toBeGreaterThan(0);
      for (const r of retentions) expect(r.Properties.RetentionInDays).toBe(90);
    }
    expect(Object.values(api.findResources("AWS::Logs::LogGroup"))[0]!.Properties.RetentionInDays).toBe(90);
  });

  it("protects the table from deletion and lets only the site's origin read upload answers", () => {
    database.hasResourceProperties("AWS::DynamoDB::Table", { DeletionProtectionEnabled: true });
    const [, uploads] = Object.entries(storage.findResources("AWS::S3::Bucket")).find(([id]) => id.startsWith("uploads"))!;
    expect(uploads.Properties.CorsConfiguration.CorsRules[0].AllowedOrigins).toEqual(["https://menu.example.com"]);
  });
});
