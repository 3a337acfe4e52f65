import path from "node:path";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import * as secretsmanager from "aws-cdk-lib/aws-secretsmanager";
import { Config, Api as HttpApi, use, type StackContext } from "sst/constructs";
import { useProject } from "sst/project.js";
import { bundling, findPackage } from "./bundling";
import { grant } from "./grants";
import { Mail } from "./Mail";
import { retentionKey, settings } from "./settings";
import { Storage } from "./Storage";
import { Workers } from "./Workers";

/**
 * HTTP API (API Gateway v2) with one `$default` route: the Hono app routes
 * everything itself (`/api/...` calls and the `/t/{qrKey}` redirects).
 * Browsers reach it only through CloudFront (same origin as the SPA, see
 * Web.ts), so no CORS configuration is needed.
 */
export function Api({ stack, app }: StackContext) {
  const { uploads, menus, exports, guestRoutes } = use(Storage);
  const { queues, environment, base } = use(Workers);
  const { configurationSet, sendMail } = use(Mail);
  // Kept in SSM (`sst secrets set NAME value`), read at cold start by packages/functions/src/settings.ts.
  // Signs sessions and CSRF tokens; verifies the payment provider's webhook.
  const secrets = [new Config.Secret(stack, "AUTH_SECRET"), new Config.Secret(stack, "PAYMENT_WEBHOOK_SECRET")];

  const config = settings();
  // CloudFront sends it in every request to the API (Web.ts), which refuses requests without it
  // (packages/api/src/origin-guard.ts): the execute-api URL alone gets 403. Generated once, never in
  // a template: both sides take it by a dynamic reference that CloudFormation resolves at deploy.
  const originSecret = new secretsmanager.Secret(stack, "origin-secret", {
    secretName: originSecretName(app),
    description: "Header value CloudFront sends to the API (x-origin-verify)",
    generateSecretString: { passwordLength: 48, excludePunctuation: true },
  });

  const api = new HttpApi(stack, "api", {
    cors: false,
    // One JSON line per request, kept as long as the functions' logs.
    accessLog: { format: ACCESS_LOG_FORMAT, retention: retentionKey(config.logRetentionDays) },
    defaults: {
      // Over all callers, before the Lambda: a flood costs API Gateway's refusals, not Lambda runs.
      throttle: config.apiThrottle,
    },
    routes: {
      $default: {
        function: {
          handler: "packages/functions/src/api.handler",
          // API Gateway gives up after 30 s.
          timeout: 29,
          memorySize: 1024,
          // Draws PDFs (table cards, invoices), resizes uploaded pictures, reads imported sheets.
          ...bundling(app, { pdf: true, images: true, sheets: true }),
          environment: { ...environment, SWAGGER_UI_DIR: SWAGGER_UI.to, ORIGIN_SECRET: originSecret.secretValue.unsafeUnwrap(),
            // Bounces and complaints come back through it (Mail.ts).
            MAIL_CONFIGURATION_SET: configurationSet.configurationSetName,
          },
          // The API docs page's Swagger UI (packages/api/src/docs.ts): the package's two files, beside the bundle.
          copyFiles: swaggerUiFiles(),
          bind: secrets,
          permissions: [
            ...base,
            // Pictures: stored (re-encoded or presigned uploads) and checked; staged uploads and contact
            // attachments (uploads/…, contact/…) are deleted once judged or mailed.
            ...grant.objects(uploads, { read: true, write: true, remove: true }),
            // Table QR links (written, deleted, read by /t/{qrKey}) and former store URLs' "moved" manifests.
            ...grant.objects(menus, { read: true, write: true, remove: true }),
            // Export files: presigned downloads only.
            ...grant.objects(exports, { read: true }),
            // A renamed store's former URL names redirect at the edge.
            grant.edgeRoutes(guestRoutes),
            grant.send(queues.translate, queues.export, queues.publish, queues.copy),
            // As the sender's identity, through the configuration set only.
            new PolicyStatement(sendMail),
            "translate:TranslateText",
          ],
        },
      },
    },
  });

  stack.addOutputs({ ApiUrl: api.url });
  return { api, originSecret };
}

/** The origin secret's name, by which the Web stack reads it (a name, so no cross-stack export is needed). */
export const originSecretName = (app: StackContext["app"]) => app.logicalPrefixedName("origin-secret");

/** SST's default fields, every value quoted so that the template itself is JSON (what log queries expect). */
const ACCESS_LOG_FORMAT = JSON.stringify({
  requestTime: "$context.requestTime",
  requestId: "$context.requestId",
  httpMethod: "$context.httpMethod",
  path: "$context.path",
  routeKey: "$context.routeKey",
  status: "$context.status",
  responseLatency: "$context.responseLatency",
  integrationRequestId: "$context.integration.requestId",
  integrationStatus: "$context.integration.status",
  integrationLatency: "$context.integration.latency",
  integrationServiceStatus: "$context.integration.integrationStatus",
  ip: "$context.identity.sourceIp",
  userAgent: "$context.identity.userAgent",
});

const SWAGGER_UI = { files: ["swagger-ui-bundle.js", "swagger-ui.css"], to: "swagger-ui" };

/** swagger-ui-dist's files as installed for the API (the version its lockfile pins), relative to the root. */
function swaggerUiFiles() {
  const root = useProject().paths.root;
  const dir = findPackage("swagger-ui-dist", path.join(root, "packages/api"));
  if (!dir) throw new Error("swagger-ui-dist is not installed for packages/api");
  return SWAGGER_UI.files.map((file) => ({ from: path.relative(root, path.join(dir, file)), to: `${SWAGGER_UI.to}/${file}` }));
}
