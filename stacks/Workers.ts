import { Duration } from "aws-cdk-lib";
import type * as lambda from "aws-cdk-lib/aws-lambda";
import * as sqs from "aws-cdk-lib/aws-sqs";
import { Queue, use, type StackContext } from "sst/constructs";
import { bundling } from "./bundling";
import { Database } from "./Database";
import { grant } from "./grants";
import { publicBaseUrlParameter, settings } from "./settings";
import { Storage } from "./Storage";

/**
 * The three job queues (translate, export, publish). The job state is a row in
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
    const dlq = new sqs.Queue(stack, `${id}-dlq`, {
      queueName: app.logicalPrefixedName(`${id}-dlq`),
      retentionPeriod: Duration.days(14),
      enforceSSL: true,
    });
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

  const translate = jobQueue("translate", 60);
  const exportQueue = jobQueue("export", 300);
  const publish = jobQueue("publish", 60);

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
      timeout: 60,
      environment,
      // Translated texts republish the menu; a job may queue the next language.
      permissions: [...base, grant.send(translate, publish), "translate:TranslateText"],
    },
    cdk: { eventSource: { batchSize: 10, reportBatchItemFailures: true } },
  });
  exportQueue.addConsumer(stack, {
    function: {
      handler: "packages/functions/src/workers/export.handler",
      timeout: 300,
      memorySize: 1024,
      // Draws the menu as a PDF or a spreadsheet.
      ...bundling(app, { pdf: true, sheets: true }),
      environment,
      permissions: [...base, ...grant.objects(exports, { write: true })],
    },
    // One export per invocation: they are large and slow.
    cdk: { eventSource: { batchSize: 1, reportBatchItemFailures: true } },
  });
  publish.addConsumer(stack, {
    function: {
      handler: "packages/functions/src/workers/publish.handler",
      timeout: 60,
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
    cdk: { eventSource: { batchSize: 10, reportBatchItemFailures: true } },
  });

  stack.addOutputs({
    TranslateQueueUrl: translate.queueUrl,
    ExportQueueUrl: exportQueue.queueUrl,
    PublishQueueUrl: publish.queueUrl,
  });
  const consumers = Object.fromEntries(
    Object.entries({ translate, export: exportQueue, publish }).map(([name, queue]) => [name, queue.consumerFunction as lambda.IFunction]),
  );
  return { queues: { translate, export: exportQueue, publish }, deadLetters, consumers, environment, base };
}
