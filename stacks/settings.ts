import { RetentionDays } from "aws-cdk-lib/aws-logs";
import { useProject } from "sst/project.js";

/**
 * Deploy-time settings, read from the environment when the stacks are built.
 * `sst deploy` loads `.env`, `.env.local`, `.env.<stage>` and `.env.<stage>.local`
 * from the repository root first, so put them in `.env.prod` (see docs/deploy.md).
 */
export function settings() {
  return readSettings(useProject().config.stage, process.env);
}

/** The stage whose data and guests are real: it gets the stricter rules below and in the stacks. */
export const PRODUCTION_STAGE = "prod";

export function readSettings(stage: string, env: Record<string, string | undefined>) {
  const domainName = env.DOMAIN_NAME || undefined;
  const certificateArn = env.CERTIFICATE_ARN || undefined;
  // The distribution's own *.cloudfront.net certificate allows TLSv1 viewers; with a domain of its own
  // CloudFront takes the TLSv1.2_2021 policy (Web.ts). Production runs on nothing less.
  if (stage === PRODUCTION_STAGE && !domainName) {
    throw new Error(`The ${PRODUCTION_STAGE} stage needs DOMAIN_NAME and CERTIFICATE_ARN (its TLS policy, TLSv1.2_2021, needs a domain of its own; docs/deploy.md)`);
  }
  if (domainName && !certificateArn) {
    throw new Error("DOMAIN_NAME needs CERTIFICATE_ARN (an ACM certificate in us-east-1 for CloudFront)");
  }
  const webAclArn = env.WEB_ACL_ARN || undefined;
  if (stage === PRODUCTION_STAGE && !webAclArn) {
    throw new Error(`The ${PRODUCTION_STAGE} stage needs WEB_ACL_ARN: deploy the WAF app first (pnpm --filter @menu/stacks deploy:waf; docs/deploy.md)`);
  }
  if (webAclArn && !/^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\//.test(webAclArn)) {
    throw new Error(`WEB_ACL_ARN must be a CloudFront (global, us-east-1) web ACL's ARN, got ${webAclArn}`);
  }
  const mailDomain = domainName ?? "example.com";
  const alarmEmail = env.ALARM_EMAIL || undefined;
  if (stage === PRODUCTION_STAGE && !alarmEmail) {
    throw new Error(`The ${PRODUCTION_STAGE} stage needs ALARM_EMAIL, where its alarms and budget warnings go (docs/deploy.md)`);
  }
  return {
    production: stage === PRODUCTION_STAGE,
    /** Subscribed to the alarms topic (stacks/Monitoring.ts); AWS mails a confirmation link first. */
    alarmEmail,
    /** Days every log group keeps its events (the functions', the API access log's). */
    logRetentionDays: logRetention(env.LOG_RETENTION_DAYS),
    /** The AWS Budget's monthly limit in USD (the whole account's costs; docs/deploy.md). */
    monthlyBudgetUsd: whole(env, "MONTHLY_BUDGET_USD", 100),
    /** Custom domain for the CloudFront distribution, e.g. menu.example.com. Optional. */
    domainName,
    /** ACM certificate for `domainName`; must live in us-east-1 (CloudFront). */
    certificateArn,
    /**
     * Absolute address guests and mails link to (QR codes, password reset links). Without it and
     * without a domain, the Web stack writes the distribution's address to SSM (`publicBaseUrlParameter`),
     * where the functions read it: the API stack cannot reference the Web stack, which references it.
     */
    publicBaseUrl: env.PUBLIC_BASE_URL || (domainName ? `https://${domainName}` : ""),
    /** SES-verified sender identity. */
    mailFrom: env.MAIL_FROM || `no-reply@${mailDomain}`,
    supportEmail: env.SUPPORT_EMAIL || `support@${mailDomain}`,
    /** The seller on invoices: name, and the details lines separated by "|" (invoice-download.ts has placeholders). */
    sellerName: env.SELLER_NAME || undefined,
    sellerDetails: env.SELLER_DETAILS || undefined,
    /** The distribution's web ACL (stacks/Firewall.ts, deployed by the WAF app in us-east-1). */
    webAclArn,
    /** The API stage's steady requests per second and burst over all callers (API Gateway throttling). */
    apiThrottle: { rate: whole(env, "API_THROTTLE_RATE", 500), burst: whole(env, "API_THROTTLE_BURST", 1000) },
  };
}

/** The SSM name of the site's address, where SST keeps a `Config.Parameter` named PUBLIC_BASE_URL. */
export const publicBaseUrlParameter = () => `${useProject().config.ssmPrefix}Parameter/PUBLIC_BASE_URL/value`;

/** A positive whole number from the environment, or its default. */
function whole(env: Record<string, string | undefined>, name: string, fallback: number) {
  const value = Number(env[name] || fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, got ${env[name]}`);
  return value;
}

/** CloudWatch Logs keeps events only for these numbers of days. */
export const RETENTION_DAYS = [1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653];

function logRetention(value: string | undefined) {
  const days = Number(value || 30);
  if (!RETENTION_DAYS.includes(days)) throw new Error(`LOG_RETENTION_DAYS must be one of ${RETENTION_DAYS.join(", ")} (CloudWatch Logs' choices), got ${value}`);
  return days;
}

/** The name SST's props give a retention ("one_month" for 30 days). */
export function retentionKey(days: number) {
  const key = Object.entries(RetentionDays).find(([, value]) => value === days)?.[0];
  if (!key) throw new Error(`no log retention of ${days} days`);
  return key.toLowerCase() as Lowercase<keyof typeof RetentionDays>;
}
