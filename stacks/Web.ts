import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { Duration, Fn, IgnoreMode, RemovalPolicy } from "aws-cdk-lib";
import { Certificate } from "aws-cdk-lib/aws-certificatemanager";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import { HttpOrigin, S3BucketOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import * as s3 from "aws-cdk-lib/aws-s3";
import { StringParameter } from "aws-cdk-lib/aws-ssm";
import { BucketDeployment, CacheControl, Source, type ISource } from "aws-cdk-lib/aws-s3-deployment";
import { use, type StackContext } from "sst/constructs";
import { useProject } from "sst/project.js";
import { contentSecurityPolicy, HSTS_MAX_AGE, PERMISSIONS_POLICY, readScriptHashes } from "../packages/api/src/security-headers";
import { ORIGIN_SECRET_HEADER } from "../packages/api/src/origin-guard";
import { Api } from "./Api";
import { originSecretReferences } from "./origin-secret";
import { publicBaseUrlParameter, settings } from "./settings";
import { edgeFunctions } from "./edge-functions";
import { Storage } from "./Storage";

/**
 * One CloudFront distribution in front of everything (raw CDK: SST's StaticSite
 * owns its default behaviour and its build, and we need these behaviours):
 *
 *   default   -> SPA bucket (OAC), extensionless paths rewritten to /index.html
 *   /assets/* -> SPA bucket, as the default but without the rewriting function (hashed build files)
 *   /builds/latest.json -> SPA bucket, never cached (open tabs poll it for a new version)
 *   /api/*    -> HTTP API, no caching, all methods, all viewer headers but Host (sent as X-Forwarded-Host)
 *   /t/*      -> HTTP API (QR redirects are server-side), same settings
 *   /m/*      -> menus bucket (published guest menus), cached for seconds
 *   /media/*  -> uploads bucket (photos, banners, logos), cached a year (immutable keys)
 *   /{company}/{store}/menu, /reviews, /promotions/{n} (GUEST_PAGE_PATTERNS) -> the guest pages:
 *             edge/guest-pages.js picks the published page in the menus bucket (or the SPA, a 301, the 404 page)
 *
 * Every behaviour's response headers policy carries the same security headers as the local runtime
 * (packages/api/src/security-headers.ts), overriding whatever the origin sent.
 */
export function Web({ stack, app }: StackContext) {
  const { api } = use(Api);
  const { menus, uploads, guestRoutes } = use(Storage);
  const config = settings();

  const siteBucket = new s3.Bucket(stack, "site", {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
    enforceSSL: true,
    // Only build output lives here; it is recreated by every deploy.
    removalPolicy: RemovalPolicy.DESTROY,
    autoDeleteObjects: true,
  });

  const { spaFallback, guestPages, guestStatus, viewerHost } = edgeFunctions(stack, app, guestRoutes);

  // The SPA's build, and the hashes of its inline scripts that the CSP names.
  const site = siteSource(app, stack.isActive);
  // The local runtime's headers (the synth test compares them); presigned uploads go from the browser to the uploads bucket.
  const securityHeadersBehavior: cloudfront.ResponseSecurityHeadersBehavior = {
    contentSecurityPolicy: {
      contentSecurityPolicy: contentSecurityPolicy({
        scriptHashes: site.scriptHashes,
        connectSources: [`https://${uploads.cdk.bucket.bucketRegionalDomainName}`],
      }),
      override: true,
    },
    contentTypeOptions: { override: true },
    frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
    referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
    strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE), includeSubdomains: true, override: true },
  };
  /** A response headers policy with the security headers (and a behaviour's own custom headers). */
  const securePolicy = (id: string, comment: string, customHeaders: cloudfront.ResponseCustomHeader[] = []) =>
    new cloudfront.ResponseHeadersPolicy(stack, id, {
      comment,
      securityHeadersBehavior,
      customHeadersBehavior: { customHeaders: [{ header: "Permissions-Policy", value: PERMISSIONS_POLICY, override: true }, ...customHeaders] },
    });
  const secure = securePolicy("security-headers", "Security headers");

  // The guest pages' function falls back to the SPA by selecting this origin by its id.
  const siteOrigin = S3BucketOrigin.withOriginAccessControl(siteBucket, { originId: "site" });
  const menusOrigin = S3BucketOrigin.withOriginAccessIdentity(menus.cdk.bucket);

  // The API's endpoint is "https://{id}.execute-api.{region}.amazonaws.com": keep the host.
  const apiOrigin = new HttpOrigin(Fn.select(2, Fn.split("/", api.url)), {
    protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
    // The API answers only requests that carry it (packages/api/src/origin-guard.ts).
    // Its `current` value, at the version the API's side names too (stacks/origin-secret.ts).
    customHeaders: { [ORIGIN_SECRET_HEADER]: originSecretReferences(app, config.originSecretVersion).sent },
  });
  const apiBehavior: cloudfront.BehaviorOptions = {
    origin: apiOrigin,
    viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
    cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
    // API Gateway needs its own Host header; everything else (query, cookies, auth) goes through.
    originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    functionAssociations: [{ function: viewerHost, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
    responseHeadersPolicy: secure,
  };

  // Guest menus change when the owner edits them: the edge keeps them ~10 s (60 s at
  // most, whatever the object says), browsers always revalidate (ETag -> 304).
  const menusCache = new cloudfront.CachePolicy(stack, "menus-cache", {
    comment: "Published guest menus: short edge TTL",
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.seconds(10),
    maxTtl: Duration.seconds(60),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
  const revalidate = securePolicy("menus-headers", "Published guest menus: browsers revalidate", [
    { header: "Cache-Control", value: "public, max-age=0, must-revalidate", override: true },
  ]);

  // Uploaded pictures get a new key on every upload and are never rewritten: the edge keeps them
  // a year, and browsers are told so even for objects stored without a Cache-Control of their own.
  const mediaCache = new cloudfront.CachePolicy(stack, "media-cache", {
    comment: "Uploaded pictures: immutable keys",
    minTtl: Duration.days(1),
    defaultTtl: Duration.days(365),
    maxTtl: Duration.days(365),
  });
  const immutable = securePolicy("media-headers", "Uploaded pictures: cache forever", [
    { header: "Cache-Control", value: "public, max-age=31536000, immutable", override: true },
  ]);

  const guestPageBehavior: cloudfront.BehaviorOptions = {
    origin: menusOrigin,
    viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    cachePolicy: menusCache,
    responseHeadersPolicy: revalidate,
    functionAssociations: [
      { function: guestPages, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
      { function: guestStatus, eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE },
    ],
  };

  // CloudFront's standard logs: one line per request at the edge (who got what, the WAF's and the
  // functions' answers included), kept as long as the functions' logs. Standard logging writes with
  // an ACL grant to CloudFront's log delivery account, so this bucket keeps ACLs enabled.
  const edgeLogs = new s3.Bucket(stack, "edge-logs", {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
    enforceSSL: true,
    lifecycleRules: [{ id: "expire", expiration: Duration.days(config.logRetentionDays) }],
    ...(config.production ? { removalPolicy: RemovalPolicy.RETAIN } : { removalPolicy: RemovalPolicy.DESTROY, autoDeleteObjects: true }),
  });

  // `menus` and `uploads` live in the Storage stack. OAC would need their bucket
  // policies to name this distribution (Storage -> Web -> Storage: a cycle), so
  // they use an origin access identity, which CDK creates in Storage itself.
  const distribution = new cloudfront.Distribution(stack, "cdn", {
    comment: `${app.name} ${app.stage}`,
    defaultRootObject: "index.html",
    // Rate limits and AWS's common rules (stacks/Firewall.ts, an app of its own in us-east-1).
    webAclId: config.webAclArn,
    httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
    // PriceClass_100 by default (Europe and North America's edges; PRICE_CLASS, docs/deploy.md).
    priceClass: config.priceClass as cloudfront.PriceClass,
    enableLogging: true,
    logBucket: edgeLogs,
    logFilePrefix: "cloudfront/",
    ...(config.domainName && config.certificateArn // settings() requires both or neither
      ? {
          domainNames: [config.domainName],
          certificate: Certificate.fromCertificateArn(stack, "certificate", config.certificateArn),
          minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
        }
      : {}),
    defaultBehavior: {
      origin: siteOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: secure,
      functionAssociations: [
        { function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
      ],
    },
    additionalBehaviors: {
      // The build's hashed files (most of a first visit's requests): the same origin and cache as the
      // default behaviour, without the SPA fallback function, which has nothing to rewrite there.
      "/assets/*": {
        origin: siteOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: secure,
      },
      // Open tabs poll it to learn of a deploy: the edge never keeps it (the object says no-cache to browsers).
      "/builds/latest.json": {
        origin: siteOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
        responseHeadersPolicy: secure,
      },
      "/api/*": apiBehavior,
      "/t/*": apiBehavior,
      "/m/*": {
        origin: menusOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: menusCache,
        responseHeadersPolicy: revalidate,
      },
      // Patterns are wider than the pages ("*" spans slashes): the function sends the rest to the SPA.
      ...Object.fromEntries(GUEST_PAGE_PATTERNS.map((pattern) => [pattern, guestPageBehavior])),
      "/media/*": {
        origin: S3BucketOrigin.withOriginAccessIdentity(uploads.cdk.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: mediaCache,
        responseHeadersPolicy: immutable,
      },
    },
  });

  // Hashed build files first (kept forever, so open tabs still find old chunks, and the route
  // rules of their build: builds/meta/{id}.json, named by the hash of its build), then everything
  // else with no-cache (index.html and builds/latest.json, once the files they name are up), pruning
  // stale files, then invalidate.
  const { source } = site;
  const immutableFiles = ["assets/*", "builds/meta/*"];
  const assets = new BucketDeployment(stack, "site-assets", {
    sources: [source],
    destinationBucket: siteBucket,
    exclude: ["*"],
    include: immutableFiles,
    prune: false,
    cacheControl: [CacheControl.fromString("public, max-age=31536000, immutable")],
    memoryLimit: 512,
  });
  const pages = new BucketDeployment(stack, "site-pages", {
    sources: [source],
    destinationBucket: siteBucket,
    exclude: immutableFiles,
    cacheControl: [CacheControl.noCache()],
    memoryLimit: 512,
    distribution,
    distributionPaths: ["/*"],
  });
  pages.node.addDependency(assets);

  const siteUrl = config.domainName ? `https://${config.domainName}` : `https://${distribution.distributionDomainName}`;
  // The site's address for the functions when no PUBLIC_BASE_URL is set (right on the first deploy):
  // they read it from SSM at cold start, since the Api stack cannot reference this one (settings.ts).
  new StringParameter(stack, "public-base-url", {
    parameterName: publicBaseUrlParameter(),
    stringValue: config.publicBaseUrl || siteUrl,
    description: "The site's address (links in mails, QR codes)",
  });

  stack.addOutputs({
    SiteUrl: siteUrl,
    DistributionId: distribution.distributionId,
  });
  return { distribution, siteBucket, edgeLogs };
}

/** The guest pages (packages/local/src/published.ts GUEST_PAGE), as CloudFront path patterns. */
export const GUEST_PAGE_PATTERNS = ["/*/*/menu*", "/*/*/reviews*", "/*/*/promotions/*"];

/**
 * The built SPA (web/dist) and the hashes of its inline scripts. Like SST's StaticSite, `sst deploy`
 * runs the build. Tests never build: they synthesize against a placeholder page (no inline script),
 * so they do not depend on the state of web/. `sst dev`, `sst remove` and stacks not selected by
 * `sst deploy <filter>` use the existing build, or the placeholder.
 */
function siteSource(app: StackContext["app"], active: boolean): { source: ISource; scriptHashes: string[] } {
  const placeholder = { source: Source.data("index.html", "<!doctype html><title>qr-menu</title>"), scriptHashes: [] };
  if (app.isRunningSSTTest()) return placeholder;

  const webDir = path.join(useProject().paths.root, "web");
  const dist = path.join(webDir, "dist");
  if (app.mode === "deploy" && active) {
    execSync("pnpm build", { cwd: webDir, stdio: "inherit" });
    if (!existsSync(path.join(dist, "index.html"))) {
      throw new Error(`The SPA build did not produce ${path.join(dist, "index.html")}`);
    }
  }
  return existsSync(path.join(dist, "index.html"))
    ? { source: Source.asset(dist, SITE_ASSET_OPTIONS), scriptHashes: readScriptHashes(dist) }
    : placeholder;
}

/**
 * What of web/dist is not uploaded: the source maps (the build keeps them for scripts/bench-guest.ts
 * and local debugging; public, they would hand out the whole source) and Vite's own records.
 */
export const SITE_ASSET_OPTIONS = { exclude: ["*.map", ".vite/"], ignoreMode: IgnoreMode.GIT };
