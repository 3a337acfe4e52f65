import { swaggerUI } from "@hono/swagger-ui";
import { OpenAPIHono } from "@hono/zod-openapi";
import { MESSAGES, withActor, type Actor } from "@menu/core";
import { bodyLimit } from "hono/body-limit";
import { mapError, validationHook } from "./errors";
import { companyRoutes } from "./routes/companies";
import { lookupRoutes } from "./routes/lookup";
import { menuRoutes } from "./routes/menu";
import { qrRedirect } from "./routes/qr-redirect";
import { storeRoutes } from "./routes/stores";
import { subscriptionRoutes } from "./routes/subscription";

export type AppOptions = {
  /** GET /api/health answers 200 only once this says the runtime is ready (table created, data loaded). */
  isReady?: () => boolean;
  /** Who is calling; sessions resolve the signed-in user here. */
  resolveActor?: (headers: Headers) => Promise<Actor> | Actor;
};

/** JSON bodies are small; uploads get their own limits on their own routes. */
const JSON_BODY_LIMIT = 256 * 1024;

export function createApp({ isReady = () => true, resolveActor = () => ({ type: "public" }) }: AppOptions = {}) {
  const app = new OpenAPIHono({ defaultHook: validationHook });
  app.onError(mapError);
  app.notFound((c) => c.json({ code: "notFound", message: `Page Not Found: ${c.req.path}` }, 404));
  app.use(
    "/api/*",
    bodyLimit({
      maxSize: JSON_BODY_LIMIT,
      onError: (c) => c.json({ code: "payloadTooLarge", message: MESSAGES.payloadTooLarge }, 400),
    }),
  );
  app.use("*", async (c, next) => withActor(await resolveActor(c.req.raw.headers), next));

  const routes = app
    .get("/api/health", (c) => (isReady() ? c.json({ status: "ok" }, 200) : c.json({ status: "starting" }, 503)))
    .route("/api", lookupRoutes)
    .route("/api", companyRoutes)
    .route("/api", storeRoutes)
    .route("/api", menuRoutes)
    .route("/api", subscriptionRoutes)
    .route("/", qrRedirect);

  app.doc31("/api/openapi.json", {
    openapi: "3.1.0",
    info: { title: "QR Menu API", version: "1.0.0", description: "The API of the multi-store QR menu service." },
  });
  app.get("/api/docs", swaggerUI({ url: "/api/openapi.json" }));
  return routes;
}

export type AppType = ReturnType<typeof createApp>;
