import { Duration } from "aws-cdk-lib";
import * as sqs from "aws-cdk-lib/aws-sqs";
import { Queue, use, type StackContext } from "sst/constructs";
import { Database } from "./Database";
import { settings } from "./settings";
import { Storage } from "./Storage";

/**
 * The three job queues (translate, export, publish). The job state is a row in
 * the table; a queue only delivers. Each queue has its own DLQ (raw CDK, SST has
 * no DLQ construct) after 5 receives, and each consumer reports partial batch
 * failures so one bad message does not retry the whole batch.
 */
export function Workers({ stack, app }: StackContext) {
  const { table } = use(Database);
  const { uploads, menus, exports } = use(Storage);

  /** SQS queue + DLQ. Visibility timeout is 6x the consumer timeout (AWS guidance for Lambda). */
  function jobQueue(id: string, consumerTimeoutSeconds: number) {
    const dlq = new sqs.Queue(stack, `${id}-dlq`, {
      queueName: app.logicalPrefixedName(`${id}-dlq`),
      retentionPeriod: Duration.days(14),
      enforceSSL: true,
    });
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
    PUBLIC_BASE_URL: config.publicBaseUrl,
    MAIL_FROM: config.mailFrom,
    SUPPORT_EMAIL: config.supportEmail,
  };
  // Workers chain jobs (a finished translation queues a publish), so they may send to every queue.
  const permissions = [table, uploads, menus, exports, translate, exportQueue, publish];

  translate.addConsumer(stack, {
    function: {
      handler: "packages/functions/src/workers/translate.handler",
      timeout: 60,
      environment,
      permissions: [...permissions, "translate:TranslateText"],
    },
    cdk: { eventSource: { batchSize: 10, reportBatchItemFailures: true } },
  });
  exportQueue.addConsumer(stack, {
    function: {
      handler: "packages/functions/src/workers/export.handler",
      timeout: 300,
      memorySize: 1024,
      environment,
      permissions,
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
      permissions,
      // The guest pages' server renderer, self-contained, built with the SPA (web/vite.ssr.config.ts).
      copyFiles: [{ from: "web/dist-ssr", to: "web/dist-ssr" }],
    },
    cdk: { eventSource: { batchSize: 10, reportBatchItemFailures: true } },
  });

  stack.addOutputs({
    TranslateQueueUrl: translate.queueUrl,
    ExportQueueUrl: exportQueue.queueUrl,
    PublishQueueUrl: publish.queueUrl,
  });
  return { queues: { translate, export: exportQueue, publish }, environment };
}
