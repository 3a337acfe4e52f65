import { useProject } from "sst/project.js";

/**
 * Deploy-time settings, read from the environment when the stacks are built.
 * `sst deploy` loads `.env`, `.env.local`, `.env.<stage>` and `.env.<stage>.local`
 * from the repository root first, so put them in `.env.prod` (see docs/deploy.md).
 */
export function settings() {
  const domainName = process.env.DOMAIN_NAME || undefined;
  const certificateArn = process.env.CERTIFICATE_ARN || undefined;
  if (domainName && !certificateArn) {
    throw new Error("DOMAIN_NAME needs CERTIFICATE_ARN (an ACM certificate in us-east-1 for CloudFront)");
  }
  const mailDomain = domainName ?? "example.com";
  return {
    /** Custom domain for the CloudFront distribution, e.g. menu.example.com. Optional. */
    domainName,
    /** ACM certificate for `domainName`; must live in us-east-1 (CloudFront). */
    certificateArn,
    /**
     * Absolute address guests and mails link to (QR codes, password reset links). Without it and
     * without a domain, the Web stack writes the distribution's address to SSM (`publicBaseUrlParameter`),
     * where the functions read it: the API stack cannot reference the Web stack, which references it.
     */
    publicBaseUrl: process.env.PUBLIC_BASE_URL || (domainName ? `https://${domainName}` : ""),
    /** SES-verified sender identity. */
    mailFrom: process.env.MAIL_FROM || `no-reply@${mailDomain}`,
    supportEmail: process.env.SUPPORT_EMAIL || `support@${mailDomain}`,
    /** The seller on invoices: name, and the details lines separated by "|" (invoice-download.ts has placeholders). */
    sellerName: process.env.SELLER_NAME || undefined,
    sellerDetails: process.env.SELLER_DETAILS || undefined,
  };
}

/** The SSM name of the site's address, where SST keeps a `Config.Parameter` named PUBLIC_BASE_URL. */
export const publicBaseUrlParameter = () => `${useProject().config.ssmPrefix}Parameter/PUBLIC_BASE_URL/value`;
