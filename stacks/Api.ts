import path from "node:path";
import { Duration } from "aws-cdk-lib";
import { CfnRoute, type CfnStage } from "aws-cdk-lib/aws-apigatewayv2";
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from "aws-cdk-lib/aws-apigatewayv2-authorizers";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import * as lambda from "aws-cdk-lib/aws-lambda";
import * as logs from "aws-cdk-lib/aws-logs";
import * as secretsmanager from "aws-cdk-lib/aws-secretsmanager";
import { Config, Function, Api as HttpApi, use, type StackContext } from "sst/constructs";
import { useProject } from "sst/project.js";
import { bundling, findPackage } from "./bundling";
import { grant } from "./grants";
import { Mail } from "./Mail";
import { AUTHORIZER_CACHE_SECONDS, ORIGIN_AUTHORIZER_CODE, originSecretName, originSecretReferences } from "./origin-secret";
import { rollout } from "./rollout";
import { retentionKey, settings } from "./settings";
import { ORIGIN_SECRET_HEADER } from "../packages/api/src/origin-guard";
import { Storage } from "./Storage";
import { Workers } from "./Workers";

/**
 * HTTP API (API Gateway v2) in front of the Hono app, which routes everything itself (`/api/...` calls
 * and the `/t/{qrKey}` redirects). Two routes only for their throttles: `POST /api/events` (guests'
 * analytics) and `$default` (staff calls, QR redirects, the rest), each sized in docs/deploy.md.
 * Browsers reach it only through CloudFront (same origin as the SPA, see Web.ts), so no CORS
 * configuration is needed; a request without CloudFront's origin header is refused by API Gateway
 * and the authorizer (origin-secret.ts) before it can reach the API function.
 */
export function Api({ stack, app }: StackContext) {
  const { uploads, menus, exports, guestRoutes } = use(Storage);
  const { queues, environment, base } = use(Workers);
  const { configurationSet, sendMail } = use(Mail);
  // Kept in SSM (`sst secrets set NAME value`), read at cold start by packages/functions/src/settings.ts.
  // Signs sessions and CSRF tokens; verifies the payment provider's webhook.
  const secrets = [new Config.Secret(stack, "AUTH_SECRET"), new Config.Secret(stack, "PAYMENT_WEBHOOK_SECRET")];

  const config = settings();
  // CloudFront sends it in every request to the API (Web.ts); the authorizer and the API
  // (packages/api/src/origin-guard.ts) refuse requests without it. Generated once, never in a template:
  // every side takes it by a dynamic reference that CloudFormation resolves at deploy (origin-secret.ts).
  const originSecret = new secretsmanager.Secret(stack, "origin-secret", {
    secretName: originSecretName(app),
    description: "Header value CloudFront sends to the API (x-origin-verify): {current, previous} (scripts/secret-rotate.ts)",
    generateSecretString: { secretStringTemplate: "{}", generateStringKey: "current", passwordLength: 48, excludePunctuation: true },
  });
  const { accepted } = originSecretReferences(app, config.originSecretVersion);

  const handler = new Function(stack, "api-handler", {
    handler: "packages/functions/src/api.handler",
    // API Gateway gives up after 30 s.
    timeout: 29,
    memorySize: 1024,
    // Draws PDFs (table cards, invoices), resizes uploaded pictures, reads imported sheets and an
    // owner's own menu as a PDF or Word file (a photo's OCR is the read worker's).
    ...bundling(app, { pdf: true, images: true, sheets: true, documents: true }),
    environment: { ...environment, SWAGGER_UI_DIR: SWAGGER_UI.to, ORIGIN_SECRET: accepted,
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
      // Export files: presigned downloads only; photos of menus to read stored under readings/, and their drafts read back.
      ...grant.objects(exports, { read: true, write: true }),
      // A renamed store's former URL names redirect at the edge.
      grant.edgeRoutes(guestRoutes),
      grant.send(queues.translate, queues.export, queues.publish, queues.copy, queues.read),
      // As the sender's identity, through the configuration set only.
      new PolicyStatement(sendMail),
      "translate:TranslateText",
    ],
  });
  // By name, so the first deploy must create the secret before anything resolves it.
  handler.node.addDependency(originSecret);
  // API Gateway invokes the `live` alias, which CodeDeploy moves to a new version gradually (rollout.ts).
  const live = rollout(stack, app, "api", handler, "api");

  const authorizer = new lambda.Function(stack, "origin-authorizer", {
    runtime: lambda.Runtime.NODEJS_22_X,
    architecture: lambda.Architecture.ARM_64,
    handler: "index.handler",
    code: lambda.Code.fromInline(ORIGIN_AUTHORIZER_CODE),
    memorySize: 128,
    timeout: Duration.seconds(3),
    environment: { ORIGIN_SECRET: accepted },
    logRetention: config.logRetentionDays,
  });
  authorizer.node.addDependency(originSecret);

  const route = { type: "function" as const, cdk: { function: live } };
  const api = new HttpApi(stack, "api", {
    cors: false,
    // One JSON line per request, kept as long as the functions' logs.
    accessLog: { format: ACCESS_LOG_FORMAT, retention: retentionKey(config.logRetentionDays) },
    authorizers: {
      origin: {
        type: "lambda",
        cdk: {
          authorizer: new HttpLambdaAuthorizer("origin", authorizer, {
            identitySource: [`$request.header.${ORIGIN_SECRET_HEADER}`],
            responseTypes: [HttpLambdaResponseType.SIMPLE],
            resultsCacheTtl: Duration.seconds(AUTHORIZER_CACHE_SECONDS),
          }),
        },
      },
    },
    defaults: {
      authorizer: "origin",
      // Staff calls and the rest, before the Lambda: a flood costs API Gateway's refusals, not Lambda runs.
      throttle: config.apiThrottle,
    },
    routes: { [EVENTS_ROUTE]: route, $default: route },
  });
  // Guests' analytics posts have their own limit, so a flood of them leaves staff calls their share.
  const stage = api.cdk.httpApi.defaultStage!.node.defaultChild as CfnStage;
  // RouteSettings is a JSON property: CDK passes it as written, so it is written as CloudFormation spells it.
  stage.routeSettings = { [EVENTS_ROUTE]: { ThrottlingRateLimit: config.eventsThrottle.rate, ThrottlingBurstLimit: config.eventsThrottle.burst } };
  // API Gateway refuses settings for a route key it does not have yet: the stage waits for the route.
  const eventsRoute = api.node.findAll().find((c): c is CfnRoute => c instanceof CfnRoute && c.routeKey === EVENTS_ROUTE);
  if (!eventsRoute) throw new Error(`no ${EVENTS_ROUTE} route`);
  stage.addDependency(eventsRoute);

  // Requests refused before any integration ran (no or a wrong origin header: someone calling the
  // execute-api URL), counted from the access log for the `api-direct-calls` alarm (Monitoring.ts).
  const refused = new logs.MetricFilter(stack, "direct-calls", {
    logGroup: api.cdk.accessLogGroup!,
    filterPattern: logs.FilterPattern.literal('{ ($.status = "401" || $.status = "403") && $.integrationRequestId = "-" }'),
    metricNamespace: `${app.name}/${app.stage}`,
    metricName: "ApiDirectCalls",
    metricValue: "1",
    defaultValue: 0,
  });

  stack.addOutputs({ ApiUrl: api.url });
  return { api, handler, authorizer, originSecret, directCalls: refused.metric({ statistic: "Sum", period: Duration.minutes(5) }) };
}

/** Guests' analytics posts: a route of their own for a throttle of their own. */
export const EVENTS_ROUTE = "POST /api/events";

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
