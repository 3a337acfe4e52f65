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
     * Absolute address guests and mails link to (QR codes, password reset links).
     * Not derived from the distribution: the API stack cannot reference the Web stack
     * (Web already references the API), so without a custom domain deploy once,
     * read the `SiteUrl` output and set PUBLIC_BASE_URL for the next deploy.
     */
    publicBaseUrl: process.env.PUBLIC_BASE_URL || (domainName ? `https://${domainName}` : ""),
    /** SES-verified sender identity. */
    mailFrom: process.env.MAIL_FROM || `no-reply@${mailDomain}`,
    supportEmail: process.env.SUPPORT_EMAIL || `support@${mailDomain}`,
  };
}
