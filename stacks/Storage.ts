import { Duration } from "aws-cdk-lib";
import { KeyValueStore } from "aws-cdk-lib/aws-cloudfront";
import { Bucket, type StackContext } from "sst/constructs";
import { settings } from "./settings";

/**
 * Where the data outside the table lives. Nothing is public: CloudFront reads `menus` and `uploads`
 * through origin access identities (created here by Web.ts's origins), the Lambdas through IAM
 * (stacks/grants.ts), browsers through presigned URLs.
 *
 * Object keys equal the public URL path without the leading slash (the functions' object store routes
 * a key to its bucket by prefix, packages/functions/src/cloud.ts), so the local runtime and CloudFront agree:
 *   uploads  media/{companyId}/...                         -> https://<site>/media/...
 *            uploads/…, contact/… (presigned uploads waiting to be judged or mailed; gone after a day)
 *   menus    m/{company}/{store}/manifest.json, {lang}/menu.json, {lang}/{page}.html -> https://<site>/m/...
 *            m/qr/{qrKey}.json (table QR links, read by the API for /t/{qrKey})
 *            m/_not-found/{lang}.html (the guest pages' 404, written once per web build)
 *            m/_not-found/qr-{lang}.json (unknown/retired QR pages, read by the API for /t/{qrKey})
 *   exports  exports/{companyId}/...                       (presigned download only, deleted after 7 days)
 *            readings/{companyId}/{storeId}/{id}.photo|.json (photos of menus being read and their drafts; gone after a day)
 *
 * `guest-routes` is the CloudFront KeyValueStore the guest pages' edge function reads (Web.ts): one
 * entry per store URL, written by the publish worker and by store renames in the API.
 */
export function Storage({ stack }: StackContext) {
  // `blockPublicACLs: true` makes SST use BlockPublicAccess.BLOCK_ALL and
  // BucketOwnerEnforced (its default leaves ACL blocking off).
  const uploads = new Bucket(stack, "uploads", {
    blockPublicACLs: true,
    // The SPA uploads photos and logos straight to S3 with presigned PUT/POST, from the site's pages only.
    cors: [
      {
        allowedMethods: ["PUT", "POST", "GET", "HEAD"],
        allowedOrigins: siteOrigins(settings()),
        allowedHeaders: ["*"],
        maxAge: "1 hour",
      },
    ],
    cdk: {
      bucket: {
        // The owners' pictures: an overwrite or a delete (by us or by a slip) keeps the former version
        // for OLD_VERSION_DAYS, then it goes.
        versioned: true,
        lifecycleRules: [
          // Presigned uploads never completed (a closed tab, a failed check) leave their staged file; a
          // staged file judged or mailed is deleted, and its version (a contact form's attachment) goes a day later.
          ...["uploads/", "contact/"].map((prefix) => ({ prefix, expiration: Duration.days(1), noncurrentVersionExpiration: Duration.days(1) })),
          { id: "old-versions", noncurrentVersionExpiration: Duration.days(OLD_VERSION_DAYS), expiredObjectDeleteMarker: true },
          { id: "unfinished-multipart", abortIncompleteMultipartUploadAfter: Duration.days(1) },
        ],
      },
    },
  });

  const menus = new Bucket(stack, "menus", { blockPublicACLs: true, cors: false });

  const exportsBucket = new Bucket(stack, "exports", {
    blockPublicACLs: true,
    cors: false,
    // Export files are downloaded once; the job row keeps the record. A menu photo's reading is
    // polled within minutes (its row expires after a day too: import/reading/reading-jobs.ts).
    cdk: { bucket: { lifecycleRules: [{ expiration: Duration.days(7) }, { prefix: "readings/", expiration: Duration.days(1) }] } },
  });

  const guestRoutes = new KeyValueStore(stack, "guest-routes", { comment: "Guest page routes per store URL (publish job)" });

  stack.addOutputs({
    UploadsBucket: uploads.bucketName,
    MenusBucket: menus.bucketName,
    ExportsBucket: exportsBucket.bucketName,
  });
  return { uploads, menus, exports: exportsBucket, guestRoutes };
}

/** Days a replaced or deleted upload stays restorable. */
export const OLD_VERSION_DAYS = 30;

/**
 * The origins whose pages may upload: the site's address. A stage without a domain or PUBLIC_BASE_URL
 * (not production, settings.ts) learns its distribution's address only after this stack, so it allows
 * CloudFront's domains; the presigned URL is the permission either way, CORS only lets a page read the answer.
 */
export function siteOrigins(config: ReturnType<typeof settings>) {
  const urls = [config.publicBaseUrl, config.domainName && `https://${config.domainName}`].filter(Boolean) as string[];
  return urls.length ? [...new Set(urls.map((url) => new URL(url).origin))] : ["https://*.cloudfront.net"];
}
