import type { AppType } from "@menu/api";
import { hc, type ClientResponse, type InferRequestType } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import { ApiError, readStringField } from "./api-error";
import { csrfFetch } from "./csrf";

export { ApiError, isApiError } from "./api-error";

/**
 * Typed client for the Hono app in packages/api. Same origin: the dev server proxies /api.
 * State-changing calls carry the CSRF token (lib/csrf.ts).
 */
export const api = hc<AppType>("/", { fetch: csrfFetch });

type AnyClientResponse = ClientResponse<unknown, number, "json" | "text" | string>;

/** The body type of the success responses of a Hono client response union. */
export type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S> ? (S extends SuccessStatusCode ? T : never) : never;

/** The JSON body a Hono client call takes (`JsonBody<typeof api.api.tables.$post>`). */
export type JsonBody<F> = InferRequestType<F> extends { json: infer J } ? J : never;

async function readBody(res: Pick<Response, "status" | "headers" | "text">): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get("content-type") ?? "";
  if (type.includes("json")) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Resolves a Hono client call to its success body, or throws an ApiError (status and the
 * server's `{ message }`) when the response is not ok.
 *
 *   const me = await unwrap(api.api.me.$get());
 */
export async function unwrap<R extends AnyClientResponse>(response: R | Promise<R>): Promise<SuccessBody<R>> {
  const res = await response;
  const body = await readBody(res);
  if (!res.ok) {
    throw new ApiError(res.status, readStringField(body, "message"), body);
  }
  return body as SuccessBody<R>;
}
