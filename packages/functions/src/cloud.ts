import { configureDb, setPorts } from "@menu/core";
import { routedObjectStore } from "@menu/core/adapters/routed-object-store";
import { s3ObjectStore } from "@menu/core/adapters/s3-object-store";
import { sesMailer } from "@menu/core/adapters/ses-mailer";
import { sqsQueue } from "@menu/core/adapters/sqs-queue";
import { translatorFromEnv } from "@menu/core/adapters/translator";

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
      ],
      s3ObjectStore(env.UPLOADS_BUCKET ?? ""),
    ),
    queue: sqsQueue({
      publish: env.PUBLISH_QUEUE_URL,
      translate: env.TRANSLATE_QUEUE_URL,
      export: env.EXPORT_QUEUE_URL,
    }),
    mailer: sesMailer(env.MAIL_FROM ?? "no-reply@example.com"),
    translator: translatorFromEnv(env, { cloud: true }),
  });
}
