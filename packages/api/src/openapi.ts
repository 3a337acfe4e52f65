/** The OpenAPI pieces every route file describes its operations with, and the answers every operation shares. */
import type { OpenAPIHono, z } from "@hono/zod-openapi";
import { MESSAGES } from "@menu/core";
import { errorResponse } from "./errors";
import { gateRefusal } from "./session";

type OpenAPIRegistry = OpenAPIHono["openAPIRegistry"];

/** A JSON response: `responses: { 200: json(Schema) }`. */
export const json = <S extends z.ZodType>(schema: S, description = "OK") => ({ description, content: { "application/json": { schema } } });

/** A required JSON request body: `request: jsonBody(Schema)`, or `request: { params, ...jsonBody(Schema) }`. */
export const jsonBody = <S extends z.ZodType>(schema: S) => ({ body: { required: true, content: { "application/json": { schema } } } });

/** A required form body (the sign-in and sign-out forms post `application/x-www-form-urlencoded`). */
export const formBody = <S extends z.ZodType>(schema: S) => ({ required: true, content: { "application/x-www-form-urlencoded": { schema } } });

/** `security: PUBLIC`: no session needed (the tenant-isolation matrix then only smoke-tests the route). */
export const PUBLIC: [] = [];

type Responses = Record<string, { description: string; headers?: object; content?: object }>;
type DocumentedRoute = { method: string; path: string; security?: object; request?: { params?: unknown; query?: unknown; body?: unknown }; responses: Responses };

/**
 * The answers that the layers around a handler give (app.ts, session.ts, errors.ts), by what the
 * route declares: its session (`requiresSession`), its input and its method. `csrf`: the route is
 * behind the CSRF guard (every state-changing call but the guest analytics).
 */
export function commonResponses(route: DocumentedRoute, { csrf }: { csrf: boolean }): Responses {
  const write = route.method !== "get";
  const gate = route.security && gateRefusal(route.security);
  const request = route.request ?? {};
  const refused = (status: number) => gate?.status === status && MESSAGES[gate.code];
  const responses: Record<number, string | false> = {
    400: !!(request.params || request.query || request.body) && "Invalid input (`valueIncorrect`: the fields and reasons), or malformed JSON",
    401: refused(401) || (csrf && write && "Sign in required (the session cookie names a session that has ended)"),
    403: refused(403) || (csrf && write && "The CSRF token is missing or invalid (`csrfInvalid`)"),
    404: refused(404),
    409: write && "Request failed: the data changed meanwhile (reload and try again)",
    413: write && "Request is too large (the body is over its limit; the connection is closed)",
    415: !!request.body && "Unsupported Media Type (not the declared content type)",
    500: "Something went wrong (unexpected; logged)",
    503: "The service is busy: try again after `Retry-After` seconds",
  };
  const retryAfter = { "Retry-After": { description: "Seconds to wait before trying again", schema: { type: "integer" } } };
  return Object.fromEntries(
    Object.entries(responses)
      .filter((entry): entry is [string, string] => typeof entry[1] === "string")
      .map(([status, description]) => [status, { ...errorResponse(description), ...(status === "503" ? { headers: retryAfter } : {}) }]),
  );
}

/** Both texts, unless one already says the other. */
const joined = (own: string, common: string) =>
  own.toLowerCase().includes(common.toLowerCase()) ? own : common.toLowerCase().includes(own.toLowerCase()) ? common : `${own}. Also: ${common}`;

/**
 * Adds the common answers to every operation of the document, beside the answers the route declares
 * (its core call's refusals: 404 of an id, 409 of a rule, 429 of a rate limit, …). The registry's
 * routes are the app's own copies (`.route()` copies each), so each app documents its own.
 */
export function documentCommonResponses(registry: OpenAPIRegistry, { csrfExempt }: { csrfExempt: string[] }) {
  for (const definition of registry.definitions) {
    if (definition.type !== "route") continue;
    const route = definition.route as unknown as DocumentedRoute;
    const responses: Responses = { ...route.responses };
    const refusal = route.security && gateRefusal(route.security);
    for (const [status, common] of Object.entries(commonResponses(route, { csrf: !csrfExempt.includes(route.path) }))) {
      const own = responses[status];
      // The route's own words for its gate's refusal ("Store or table not found") say it already.
      const said = own && String(refusal?.status) === status;
      responses[status] = own ? { ...common, ...own, description: said ? own.description : joined(own.description, common.description) } : common;
    }
    route.responses = responses;
  }
}
