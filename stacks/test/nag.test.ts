/**
 * Issue 34, point 7: AWS's rule packs (cdk-nag AwsSolutions and Serverless) over the synthesized
 * production app (stacks/nag.ts): no finding left unsuppressed, and every suppression with a reason.
 */
import { Stack } from "aws-cdk-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { checkWithRulePacks, SUPPRESSIONS } from "../nag";
import { synth } from "./synth";

const findings: string[] = [];
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
  const assembly = app.synth();
  for (const stack of app.node.children.filter((c): c is Stack => c instanceof Stack)) {
    for (const message of assembly.getStackArtifact(stack.artifactId).messages) {
      const text = String(message.entry.data);
      if (/^(AwsSolutions|Serverless)-/.test(text)) findings.push(`${message.id}: ${text.split("\n")[0]}`);
    }
    suppressed += JSON.stringify(assembly.getStackArtifact(stack.artifactId).template).split('"cdk_nag"').length - 1;
  }
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
