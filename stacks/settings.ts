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

/**
 * A stage is production unless its settings declare it a development stage (`DEVELOPMENT_STAGE=true`
 * in `.env.<stage>`): every rule below and in the stacks follows from that declaration, never from the
 * stage's name, so a stage named `production` or `live` gets them all, and one that lacks what they
 * need refuses to build, naming every missing setting at once.
 */
export function readSettings(stage: string, env: Record<string, string | undefined>) {
  const development = declaredDevelopment(env.DEVELOPMENT_STAGE);
  const production = !development;
  const domainName = env.DOMAIN_NAME || undefined;
  const certificateArn = env.CERTIFICATE_ARN || undefined;
  const webAclArn = env.WEB_ACL_ARN || undefined;
  const alarmEmail = env.ALARM_EMAIL || undefined;
  const backupCopyVaultArn = env.BACKUP_COPY_VAULT_ARN || undefined;
  if (production) {
    // The distribution's own *.cloudfront.net certificate allows TLSv1 viewers; with a domain of its own
    // CloudFront takes the TLSv1.2_2021 policy (Web.ts). Production runs on nothing less.
    const needs: [string | undefined, string][] = [
      [domainName, "DOMAIN_NAME and CERTIFICATE_ARN (its TLS policy, TLSv1.2_2021, needs a domain of its own)"],
      [webAclArn, "WEB_ACL_ARN (deploy the WAF app first: pnpm --filter @menu/stacks deploy:waf)"],
      [alarmEmail, "ALARM_EMAIL, where its alarms and budget warnings go"],
      [backupCopyVaultArn, "BACKUP_COPY_VAULT_ARN, the backup vault in a second region its backups are copied to"],
    ];
    const missing = needs.filter(([value]) => !value).map(([, what]) => what);
    if (missing.length) {
      throw new Error(`The ${stage} stage is not declared a development stage (DEVELOPMENT_STAGE=true), so it gets every production rule and needs: ${missing.join("; ")} (docs/deploy.md)`);
    }
  }
  if (domainName && !certificateArn) {
    throw new Error("DOMAIN_NAME needs CERTIFICATE_ARN (an ACM certificate in us-east-1 for CloudFront)");
  }
  if (webAclArn && !/^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\//.test(webAclArn)) {
    throw new Error(`WEB_ACL_ARN must be a CloudFront (global, us-east-1) web ACL's ARN, got ${webAclArn}`);
  }
  if (backupCopyVaultArn && !/^arn:aws[a-z-]*:backup:[a-z0-9-]+:\d{12}:backup-vault:[A-Za-z0-9_.-]+$/.test(backupCopyVaultArn)) {
    throw new Error(`BACKUP_COPY_VAULT_ARN must be a backup vault's ARN, got ${backupCopyVaultArn}`);
  }
  const mailDomain = domainName ?? "example.com";
  return {
    /** Declared a development stage: none of the production rules (removable table, no WAF needed, …). */
    development,
    production,
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
    /** Guests' analytics posts (POST /api/events) have a throttle of their own, apart from staff calls (docs/deploy.md sizes both). */
    eventsThrottle: { rate: whole(env, "EVENTS_THROTTLE_RATE", 1000), burst: whole(env, "EVENTS_THROTTLE_BURST", 2000) },
    /**
     * The table the stage runs on when it is not the stack's own: a table restored from a backup
     * (docs/deploy.md, "Restore drill"). The stack then creates none and points every function at it.
     */
    tableName: env.TABLE_NAME || undefined,
    /**
     * The origin secret's version both CloudFront and the API read (scripts/secret-rotate.ts writes
     * it): a new version changes both resources' dynamic references, so CloudFormation re-reads both.
     */
    originSecretVersion: secretVersion(env.ORIGIN_SECRET_VERSION),
    /** CloudFront's price class: PriceClass_100 (Europe, North America) unless a stage's guests are elsewhere. */
    priceClass: priceClass(env.PRICE_CLASS),
    /** Where AWS Backup copies the table's and the uploads' recovery points (another region's vault). */
    backupCopyVaultArn,
  };
}

/** The SSM name of the site's address, where SST keeps a `Config.Parameter` named PUBLIC_BASE_URL. */
export const publicBaseUrlParameter = () => `${useProject().config.ssmPrefix}Parameter/PUBLIC_BASE_URL/value`;

function declaredDevelopment(value: string | undefined) {
  if (value === undefined || value === "" || value === "false") return false;
  if (value === "true") return true;
  throw new Error(`DEVELOPMENT_STAGE must be "true" or "false", got ${value}`);
}

function secretVersion(value: string | undefined) {
  if (!value) return undefined;
  // Secrets Manager's version ids are UUIDs; anything else would be a dynamic reference CloudFormation rejects at deploy.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) throw new Error(`ORIGIN_SECRET_VERSION must be a Secrets Manager version id, got ${value}`);
  return value;
}

export const PRICE_CLASSES = { "100": "PriceClass_100", "200": "PriceClass_200", All: "PriceClass_All" } as const;

function priceClass(value: string | undefined) {
  const key = (value || "100") as keyof typeof PRICE_CLASSES;
  if (!(key in PRICE_CLASSES)) throw new Error(`PRICE_CLASS must be one of ${Object.keys(PRICE_CLASSES).join(", ")}, got ${value}`);
  return PRICE_CLASSES[key];
}

/** A positive whole number from the environment, or its default. */
function whole(env: Record<string, string | undefined>, name: string, fallback: number) {
  const value = Number(env[name] || fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, got ${env[name]}`);
  return value;
}

/** CloudWatch Logs keeps events only for these numbers of days. */
export const RETENTION_DAYS = [1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653];

export function logRetention(value: string | undefined) {
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
