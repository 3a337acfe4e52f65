import { configureDb, setPorts } from "@menu/core";
import { routedObjectStore } from "@menu/core/adapters/routed-object-store";
import { s3ObjectStore } from "@menu/core/adapters/s3-object-store";
import { sesMailer } from "@menu/core/adapters/ses-mailer";
import { sqsQueue } from "@menu/core/adapters/sqs-queue";
import { translatorFromEnv } from "@menu/core/adapters/translator";
import { cloudFrontGuestEdge } from "@menu/core/adapters/cloudfront-guest-edge";
import { setGuestEdge } from "@menu/core/publish/guest-edge";
import { registerTranslatableContents } from "@menu/core/translatable-contents";
import { loadCloudSettings } from "./settings";

// Before any handler runs: secrets and the site's address from SSM (ESM top-level await).
await loadCloudSettings();

/** Cold start of every Lambda: the cloud adapters, configured from the stack's environment. */
export function configureCloud(env = process.env) {
  configureDb({ table: env.TABLE_NAME ?? "menu", endpoint: env.DYNAMODB_ENDPOINT });
  setPorts({
    // Published guest menus (m/…) go to the menus bucket that CloudFront serves at /m/*, export
    // files (exports/…) to the private exports bucket (presigned downloads only).
    objects: routedObjectStore(
      [
        ["m/", s3ObjectStore(env.MENUS_BUCKET ?? "")],
        ["exports/", s3ObjectStore(env.EXPORTS_BUCKET ?? "")],
        // Photos of menus being read and their drafts: private, kept a day (the bucket's rule on readings/).
        ["readings/", s3ObjectStore(env.EXPORTS_BUCKET ?? "")],
      ],
      s3ObjectStore(env.UPLOADS_BUCKET ?? ""),
    ),
    queue: sqsQueue({
      publish: env.PUBLISH_QUEUE_URL,
      translate: env.TRANSLATE_QUEUE_URL,
      export: env.EXPORT_QUEUE_URL,
      copy: env.COPY_QUEUE_URL,
      read: env.READ_QUEUE_URL,
    }),
    mailer: sesMailer(env.MAIL_FROM ?? "no-reply@example.com", { configurationSet: env.MAIL_CONFIGURATION_SET }),
    translator: translatorFromEnv(env, { cloud: true }),
  });
  // What the translation engine translates (the API requests, the workers translate).
  registerTranslatableContents();
  // Guest page routes for CloudFront's edge (the publish worker, store renames in the API).
  setGuestEdge(env.GUEST_EDGE_KVS_ARN ? cloudFrontGuestEdge(env.GUEST_EDGE_KVS_ARN, env.MENUS_BUCKET ?? "") : undefined);
}
