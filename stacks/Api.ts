import { Api as HttpApi, use, type StackContext } from "sst/constructs";
import { Database } from "./Database";
import { Storage } from "./Storage";
import { Workers } from "./Workers";

/**
 * HTTP API (API Gateway v2) with one `$default` route: the Hono app routes
 * everything itself (`/api/...` calls and the `/t/{qrKey}` redirects).
 * Browsers reach it only through CloudFront (same origin as the SPA, see
 * Web.ts), so no CORS configuration is needed.
 */
export function Api({ stack }: StackContext) {
  const { table } = use(Database);
  const { uploads, menus, exports } = use(Storage);
  const { queues, environment } = use(Workers);

  const api = new HttpApi(stack, "api", {
    cors: false,
    routes: {
      $default: {
        function: {
          handler: "packages/functions/src/api.handler",
          // API Gateway gives up after 30 s.
          timeout: 29,
          memorySize: 1024,
          // pdfkit reads its font metrics and the fonts (core/src/shared/pdf-fonts.ts) from disk:
          // ship them as packages. sharp (uploads) is native: installed for linux-arm64 (docs/deploy.md).
          nodejs: { install: ["pdfkit", "dejavu-fonts-ttf", "@expo-google-fonts/noto-sans-sc", "@expo-google-fonts/noto-sans-arabic", "sharp"] },
          environment: { ...environment, PAYMENT_WEBHOOK_SECRET: process.env.PAYMENT_WEBHOOK_SECRET ?? "" },
          permissions: [
            table,
            uploads,
            menus,
            exports,
            queues.translate,
            queues.export,
            queues.publish,
            "ses:SendEmail",
            "translate:TranslateText",
          ],
        },
      },
    },
  });

  stack.addOutputs({ ApiUrl: api.url });
  return { api };
}
