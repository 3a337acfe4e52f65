/**
 * Issue 34, point 7: AWS's rule packs (cdk-nag AwsSolutions and Serverless) over the synthesized
 * production app (stacks/nag.ts): no finding left unsuppressed, and every suppression with a reason.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { checkWithRulePacks, SUPPRESSIONS } from "../nag";
import { ruleFindings, synth } from "./synth";

let findings: string[] = [];
let suppressed = 0;

beforeAll(async () => {
  const { app } = await synth(
    "prod",
    {
      DOMAIN_NAME: "menu.example.com",
      CERTIFICATE_ARN: "arn:aws:acm:us-east-1:123456789012:certificate/abc",
      WEB_ACL_ARN: "arn:aws:wafv2:us-east-1:123456789012:global/webacl/prod-qr-menu-waf-web-acl/0123-abcd",
      ALARM_EMAIL: "ops@example.com",
      BACKUP_COPY_VAULT_ARN: "arn:aws:backup:eu-west-1:123456789012:backup-vault:prod-qr-menu-copy",
      MAIL_FROM: "QR Menu <no-reply@menu.example.com>",
      PUBLIC_BASE_URL: undefined,
    },
    { before: checkWithRulePacks },
  );
  // One synthesis (the packs write their findings as the stacks' messages).
  ({ findings, suppressed } = ruleFindings(app));
}, 120_000);

describe("AWS rule packs", () => {
  it("leave no unsuppressed finding on the production app", () => {
    expect(findings).toEqual([]);
  });

  it("give every suppression a one-line reason", () => {
    expect(suppressed).toBeGreaterThan(0);
    for (const s of SUPPRESSIONS) {
      expect(s.reason.length, s.id).toBeGreaterThan(20);
      expect(s.reason, s.id).not.toContain("\n");
    }
  });
});
