/**
 * The production stage, synthesized offline with the settings docs/deploy.md asks for
 * (stacks/test/synth.ts): what only production gets.
 */
import { Template } from "aws-cdk-lib/assertions";
import { getStack } from "sst/constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { Database } from "../Database";
import { Web } from "../Web";
import { synth } from "./synth";

/** CloudFormation template JSON, which has no static type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Cfn = any;
let web: Template;
let database: Template;

beforeAll(async () => {
  await synth("prod", {
    DOMAIN_NAME: "menu.example.com",
    CERTIFICATE_ARN: "arn:aws:acm:us-east-1:123456789012:certificate/abc",
    MAIL_FROM: "no-reply@example.com",
    PUBLIC_BASE_URL: undefined,
  });
  web = Template.fromStack(getStack(Web));
  database = Template.fromStack(getStack(Database));
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
});
