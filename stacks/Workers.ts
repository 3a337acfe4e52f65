import { Duration } from "aws-cdk-lib";
import * as lambda from "aws-cdk-lib/aws-lambda";
import type * as sqs from "aws-cdk-lib/aws-sqs";
import { Queue, use, type StackContext } from "sst/constructs";
import { bundling, OCR_DATA_DIR } from "./bundling";
import { Database } from "./Database";
import { deadLetterQueue } from "./dead-letters";
import { grant } from "./grants";
import { rollout } from "./rollout";
import { publicBaseUrlParameter, settings } from "./settings";
import { Storage } from "./Storage";

/**
 * The five job queues (translate, export, publish, copy, read). The job state is a row in
 * the table; a queue only delivers. Each queue has its own DLQ (raw CDK, SST has
 * no DLQ construct) after 5 receives, and each consumer reports partial batch
 * failures so one bad message does not retry the whole batch.
 */
export function Workers({ stack, app }: StackContext) {
  const { table } = use(Database);
  const { uploads, menus, exports, guestRoutes } = use(Storage);

  /** Each queue's DLQ, by queue name (alarmed on by stacks/Monitoring.ts). */
  const deadLetters: Record<string, sqs.Queue> = {};
  /** SQS queue + DLQ. Visibility timeout is 6x the consumer timeout (AWS guidance for Lambda). */
  function jobQueue(id: string, consumerTimeoutSeconds: number) {
    const dlq = deadLetterQueue(stack, app, `${id}-dlq`);
    deadLetters[id] = dlq;
    return new Queue(stack, id, {
      cdk: {
        queue: {
          visibilityTimeout: Duration.seconds(consumerTimeoutSeconds * 6),
          deadLetterQueue: { queue: dlq, maxReceiveCount: 5 },
          enforceSSL: true,
        },
      },
    });
  }

  const translate = jobQueue("translate", WORKERS.translate.timeout);
  const exportQueue = jobQueue("export", WORKERS.export.timeout);
  const publish = jobQueue("publish", WORKERS.publish.timeout);
  const copy = jobQueue("copy", WORKERS.copy.timeout);
  const read = jobQueue("read", WORKERS.read.timeout);

  /** What every back-end function is told at start-up (also used by Api and Schedules). */
  const config = settings();
  const environment = {
    TABLE_NAME: table.tableName,
    UPLOADS_BUCKET: uploads.bucketName,
    MENUS_BUCKET: menus.bucketName,
    EXPORTS_BUCKET: exports.bucketName,
    PUBLISH_QUEUE_URL: publish.queueUrl,
    TRANSLATE_QUEUE_URL: translate.queueUrl,
    EXPORT_QUEUE_URL: exportQueue.queueUrl,
    COPY_QUEUE_URL: copy.queueUrl,
    READ_QUEUE_URL: read.queueUrl,
    // Without a domain the site's address is the distribution's, written by the Web stack to SSM
    // and read at cold start (packages/functions/src/settings.ts, the variable SST's binding sets).
    ...(config.publicBaseUrl
      ? { PUBLIC_BASE_URL: config.publicBaseUrl }
      : { SST_Parameter_value_PUBLIC_BASE_URL: "__FETCH_FROM_SSM__" }),
    MAIL_FROM: config.mailFrom,
    SUPPORT_EMAIL: config.supportEmail,
    // The seller on invoices (packages/core/src/subscription/invoice-download.ts).
    ...(config.sellerName ? { SELLER_NAME: config.sellerName } : {}),
    ...(config.sellerDetails ? { SELLER_DETAILS: config.sellerDetails } : {}),
    GUEST_EDGE_KVS_ARN: guestRoutes.keyValueStoreArn,
  };
  /** Every function may read the site's address when it is in SSM, and reads and writes the table. */
  const base = [grant.table(table), ...(config.publicBaseUrl ? [] : [grant.publicBaseUrlParameter(stack, publicBaseUrlParameter())])];

  translate.addConsumer(stack, {
    function: {
      handler: "packages/functions/src/workers/translate.handler",
      timeout: WORKERS.translate.timeout,
      reservedConcurrentExecutions: WORKERS.translate.concurrency,
      environment,
      // Translated texts republish the menu; a job may queue the next language.
      permissions: [...base, grant.send(translate, publish), "translate:TranslateText"],
    },
    cdk: { eventSource: { batchSize: WORKERS.translate.batchSize, maxConcurrency: WORKERS.translate.concurrency, reportBatchItemFailures: true } },
  });
  exportQueue.addConsumer(stack, {
    function: {
      handler: "packages/functions/src/workers/export.handler",
      timeout: WORKERS.export.timeout,
      reservedConcurrentExecutions: WORKERS.export.concurrency,
      memorySize: 1024,
      // Draws the menu as a PDF or a spreadsheet.
      ...bundling(app, { pdf: true, sheets: true }),
      environment,
      permissions: [...base, ...grant.objects(exports, { write: true })],
    },
    // One export per invocation: they are large and slow.
    cdk: { eventSource: { batchSize: WORKERS.export.batchSize, maxConcurrency: WORKERS.export.concurrency, reportBatchItemFailures: true } },
  });
  publish.addConsumer(stack, {
    function: {
      handler: "packages/functions/src/workers/publish.handler",
      timeout: WORKERS.publish.timeout,
      reservedConcurrentExecutions: WORKERS.publish.concurrency,
      // Server-renders the guest menu HTML per language.
      memorySize: 1024,
      environment: { ...environment, MENU_SSR_ENTRY: "web/dist-ssr/ssr.js" },
      // Pages, QR links (stale ones marked retired), pages no longer published deleted, and not-found pages, reading back what it published
      // (manifest, indexes, chunks, the QR pages' build); the guest routes; one more run when asked meanwhile.
      permissions: [...base, ...grant.objects(menus, { read: true, write: true, remove: true }), grant.edgeRoutes(guestRoutes), grant.send(publish)],
      // The guest pages' server renderer, self-contained, built with the SPA (web/vite.ssr.config.ts)
      // by the Web stack's deploy; tests synthesize without it, as Web.ts does without the SPA.
      copyFiles: app.isRunningSSTTest() ? undefined : [{ from: "web/dist-ssr", to: "web/dist-ssr" }],
    },
    cdk: { eventSource: { batchSize: WORKERS.publish.batchSize, maxConcurrency: WORKERS.publish.concurrency, reportBatchItemFailures: true } },
  });

  copy.addConsumer(stack, {
    function: {
      handler: "packages/functions/src/workers/copy.handler",
      timeout: WORKERS.copy.timeout,
      reservedConcurrentExecutions: WORKERS.copy.concurrency,
      environment,
      // Copies photos within the uploads bucket (and deletes them when a copy is undone); a long
      // copy sends itself on; at the end the store is republished and its stale texts translated.
      permissions: [...base, ...grant.objects(uploads, { read: true, write: true, remove: true }), grant.send(copy, publish, translate)],
    },
    cdk: { eventSource: { batchSize: WORKERS.copy.batchSize, maxConcurrency: WORKERS.copy.concurrency, reportBatchItemFailures: true } },
  });

  read.addConsumer(stack, {
    function: {
      handler: "packages/functions/src/workers/read.handler",
      timeout: WORKERS.read.timeout,
      reservedConcurrentExecutions: WORKERS.read.concurrency,
      // OCR: Tesseract's wasm with three languages' models, on a picture of up to PHOTO_PIXELS_MAX;
      // Lambda's CPU share grows with the memory (2048 MB: over one vCPU).
      memorySize: 2048,
      // Straightens the photo (sharp) and reads it (tesseract.js, with the language data beside the bundle).
      ...bundling(app, { images: true, ocr: true }),
      environment: { ...environment, OCR_LANG_PATH: OCR_DATA_DIR },
      // The photo and its draft under readings/ (the photo is deleted once read).
      permissions: [...base, ...grant.objects(exports, { read: true, write: true, remove: true })],
    },
    cdk: { eventSource: { batchSize: WORKERS.read.batchSize, maxConcurrency: WORKERS.read.concurrency, reportBatchItemFailures: true } },
  });

  const queues = { translate, export: exportQueue, publish, copy, read };
  stack.addOutputs({
    TranslateQueueUrl: translate.queueUrl,
    ExportQueueUrl: exportQueue.queueUrl,
    PublishQueueUrl: publish.queueUrl,
    CopyQueueUrl: copy.queueUrl,
    ReadQueueUrl: read.queueUrl,
  });
  const consumers = Object.fromEntries(Object.entries(queues).map(([name, queue]) => [name, queue.consumerFunction as lambda.IFunction]));
  // Each queue invokes its consumer's `live` alias, which CodeDeploy moves to a new version gradually
  // (rollout.ts). SST's Queue subscribes the function itself: its event source mapping is pointed at the alias.
  for (const [name, queue] of Object.entries(queues)) {
    const fn = queue.consumerFunction as lambda.Function;
    const live = rollout(stack, app, name, fn, "worker");
    const mappings = fn.node.findAll().filter((c): c is lambda.CfnEventSourceMapping => c instanceof lambda.CfnEventSourceMapping);
    if (mappings.length !== 1) throw new Error(`the ${name} consumer has ${mappings.length} event source mappings`);
    mappings[0]!.functionName = live.functionArn;
  }
  return { queues, deadLetters, consumers, environment, base };
}

/**
 * Each worker's timeout (seconds), messages per batch, and its cap on concurrent runs: reserved
 * concurrency (it can never take the API's share of the account's concurrency, nor flood the table
 * or Amazon Translate) and the same `maxConcurrency` on its SQS event source, so SQS's pollers stop
 * at the cap instead of invoking into throttles.
 *
 * Batch sizes: a batch's messages run one after another, and a timeout returns them all, so a batch
 * must fit in the timeout with its slowest messages.
 * - translate: a message is up to 25 texts of at most 5,000 source characters in all (JOB_CONTENTS,
 *   JOB_CHARS in core/translation/jobs.ts; a longer text goes alone), their languages in parallel;
 *   each language is one TranslateText call per segment, 8 at a time (5,000 characters: ~100
 *   segments at ~0.3 s: about 20 s for five languages) plus one hung request (30 s timeout): under
 *   60 s per message. 2 per batch: 120 s at worst, the timeout.
 * - publish: a full publish of a large store takes ~10 s (all languages' pages rendered), a scoped one
 *   under 1 s, and runs of one store coalesce; 5 full runs fit in 60 s.
 * - export: one large PDF or sheet per run, up to a few minutes.
 * - copy: a menu copy works 120 s per delivery, then sends itself on (chains/menu-copy-worker.ts).
 * - read: one photo per run, its reading stopped after 60 s (OCR_TIMEOUT_MS in
 *   core/import/reading/photo-lines.ts), plus decoding, straightening and loading the OCR: under
 *   90 s. Two at once: a photo is the first minutes of an owner's onboarding, not a steady load.
 */
export const WORKERS = {
  translate: { timeout: 120, batchSize: 2, perMessageSeconds: 60, concurrency: 4 },
  publish: { timeout: 60, batchSize: 5, perMessageSeconds: 12, concurrency: 10 },
  export: { timeout: 300, batchSize: 1, perMessageSeconds: 300, concurrency: 2 },
  copy: { timeout: 300, batchSize: 1, perMessageSeconds: 300, concurrency: 2 },
  read: { timeout: 120, batchSize: 1, perMessageSeconds: 90, concurrency: 2 },
} as const;
