/**
 * The production stage, synthesized offline with the settings docs/deploy.md asks for
 * (stacks/test/synth.ts): what only production gets.
 */
import { Template } from "aws-cdk-lib/assertions";
import { getStack } from "sst/constructs";
import { beforeAll, describe, expect, it } from "vitest";
import { Web } from "../Web";
import { synth } from "./synth";

/** CloudFormation template JSON, which has no static type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Cfn = any;
const WEB_ACL_ARN = "arn:aws:wafv2:us-east-1:123456789012:global/webacl/prod-qr-menu-waf-web-acl/0123-abcd";
let web: Template;

beforeAll(async () => {
  await synth("prod", {
    DOMAIN_NAME: "menu.example.com",
    CERTIFICATE_ARN: "arn:aws:acm:us-east-1:123456789012:certificate/abc",
    MAIL_FROM: "no-reply@example.com",
    WEB_ACL_ARN,
    PUBLIC_BASE_URL: undefined,
  });
  web = Template.fromStack(getStack(Web));
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
});
