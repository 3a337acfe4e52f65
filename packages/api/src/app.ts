import { OpenAPIHono } from "@hono/zod-openapi";
import { withActor, type Actor } from "@menu/core";
import { actorFromHeaders } from "@menu/core/auth/sessions";
import { bodyLimit } from "hono/body-limit";
import { MENU_DOCUMENT_MAX } from "@menu/core/import/reading/limits";
import { docsRoutes } from "./docs";
import { mapError, validationHook } from "./errors";
import { originGuard } from "./origin-guard";
import { unrouted } from "./methods";
import { documentCommonResponses } from "./openapi";
import { authRoutes } from "./routes/auth";
import { contactRoutes } from "./routes/contact";
import { companyRoutes } from "./routes/companies";
import { analyticsRoutes } from "./routes/analytics";
import { EVENTS_PATH, eventRoutes } from "./routes/events";
import { lookupRoutes } from "./routes/lookup";
import { mediaRoutes } from "./routes/media";
import { menuRoutes } from "./routes/menu";
import { meRoutes } from "./routes/me";
import { operatorRoutes } from "./routes/operator";
import { qrRedirect } from "./routes/qr-redirect";
import { storeRoutes } from "./routes/stores";
import { userRoutes } from "./routes/users";
import { securityHeadersMiddleware, type SecurityPolicy } from "./security-headers";
import { csrfGuard, SESSION_SCHEME, tooLarge } from "./session";
import { subscriptionRoutes } from "./routes/subscription";
import { tableRoutes } from "./routes/tables";
import { itemRoutes } from "./routes/items";
import { promotionRoutes } from "./routes/promotions";
import { categoryRoutes } from "./routes/categories";
import { wifiRoutes } from "./routes/wifi";
import { menuExportRoutes } from "./routes/menu-export";
import { menuImportRoutes } from "./routes/menu-import";
import { menuCopyRoutes } from "./routes/menu-copy";
import { reviewsWidgetRoutes } from "./routes/reviews-widget";
import { GUEST_CALLS_PATH, tableCallRoutes } from "./routes/table-calls";
import { translationRoutes } from "./routes/translations";

export type AppOptions = {
  /** GET /api/health answers 200 only once this says the runtime is ready (table created, data loaded). */
  isReady?: () => boolean;
  /** Who is calling: by default the signed-in user of the session cookie (or bearer accessToken). */
  resolveActor?: (headers: Headers) => Promise<Actor> | Actor;
  /**
   * The security headers' policy (security-headers.ts). The API's own answers run no inline script;
   * the local runtime passes its web build's, since this middleware covers the SPA it serves too.
   */
  security?: SecurityPolicy;
  /** The secret CloudFront sends in `x-origin-verify` (origin-guard.ts); without it every caller is let in. */
  originSecret?: string;
};

/** JSON bodies are small; uploads get their own limits on their own routes. */
const JSON_BODY_LIMIT = 256 * 1024;
const MENU_PREVIEW_PATH = "/api/menu-import/preview";
/** The largest menu file in base64, and room for the rest of the call. */
const MENU_FILE_BODY_LIMIT = Math.ceil((MENU_DOCUMENT_MAX * 4) / 3) + 4096;

export function createApp({ isReady = () => true, resolveActor = actorFromHeaders, security = { scriptHashes: [] }, originSecret }: AppOptions = {}) {
  const app = new OpenAPIHono({ defaultHook: validationHook });
  app.onError(mapError);
  // First, so every answer carries them: errors, 404s and the 413 of the body limit too.
  app.use("*", securityHeadersMiddleware(security));
  // Then the origin check: a request that did not come through CloudFront goes no further.
  app.use("*", originGuard(originSecret));
  // A known path asked with a method none of its routes has: 405 with the ones it has.
  app.notFound(unrouted(app.routes));
  const jsonBodyLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: (c) => tooLarge(c, "payloadTooLarge"),
  });
  // Pictures never pass through the API (presigned uploads): every call is JSON within one limit,
  // but for the import's preview, which reads an owner's own menu (a PDF, a Word file, a photo).
  const menuFileBodyLimit = bodyLimit({ maxSize: MENU_FILE_BODY_LIMIT, onError: (c) => tooLarge(c, "payloadTooLarge") });
  app.use("/api/*", (c, next) => (c.req.path === MENU_PREVIEW_PATH ? menuFileBodyLimit(c, next) : jsonBodyLimit(c, next)));
  // Guest analytics and table calls act with no one's rights: their caller is nobody in particular.
  const isGuestCall = (path: string) => path === EVENTS_PATH || path.startsWith(GUEST_CALLS_PATH);
  app.use("*", async (c, next) => withActor(isGuestCall(c.req.path) ? { type: "public" } : await resolveActor(c.req.raw.headers), next));
  // Every state-changing call that could act with a user's rights must carry the CSRF token (and a
  // session cookie that no longer names a live session answers 401). Guest analytics act with no
  // one's rights and come from sendBeacon, which cannot send the header; guest table calls act only
  // with their SameSite=Lax table pass (a cross-site form cannot send it, nor JSON without CORS).
  app.use("/api/*", (c, next) => (isGuestCall(c.req.path) ? next() : csrfGuard(c, next)));
  app.openAPIRegistry.registerComponent("securitySchemes", SESSION_SCHEME, {
    type: "apiKey",
    in: "cookie",
    name: "qrm_session",
    description:
      "The session cookie set by POST /api/auth/callback/credentials (or `Authorization: Bearer <accessToken>` from GET /api/me). " +
      "A route's scopes name the least role it needs for the tenant it addresses.",
  });

  const routes = app
    .get("/api/health", (c) => (isReady() ? c.json({ status: "ok" }, 200) : c.json({ status: "starting" }, 503)))
    .route("/api", lookupRoutes)
    .route("/api", companyRoutes)
    .route("/api", storeRoutes)
    .route("/api", menuRoutes)
    .route("/api", subscriptionRoutes)
    .route("/api", authRoutes)
    .route("/api", meRoutes)
    .route("/api", userRoutes)
    .route("/api", operatorRoutes)
    .route("/api", eventRoutes)
    .route("/api", analyticsRoutes)
    .route("/api", tableRoutes)
    .route("/api", itemRoutes)
    .route("/api", promotionRoutes)
    .route("/api", categoryRoutes)
    .route("/api", wifiRoutes)
    .route("/api", menuExportRoutes)
    .route("/api", menuImportRoutes)
    .route("/api", menuCopyRoutes)
    .route("/api", mediaRoutes)
    .route("/api", reviewsWidgetRoutes)
    .route("/api", tableCallRoutes)
    .route("/api", translationRoutes)
    .route("/api", contactRoutes)
    .route("/", qrRedirect);

  documentCommonResponses(app.openAPIRegistry, { csrfExempt: [EVENTS_PATH] });
  app.doc31("/api/openapi.json", {
    openapi: "3.1.0",
    info: { title: "QR Menu API", version: "1.0.0", description: "The API of the multi-store QR menu service. A method that no operation of a path has answers 405 with `Allow`." },
  });
  app.route("/", docsRoutes);
  return routes;
}

export type AppType = ReturnType<typeof createApp>;
