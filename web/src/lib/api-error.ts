// Kept apart from api.ts so that code needing only the error class does not pull in the Hono client.

/**
 * An HTTP error answered by the API. The API answers errors as `{ code, message }`: `code` is a
 * message key the SPA translates (`errors.api.<code>`), `message` the English text.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly code: string | undefined;
  readonly body: unknown;

  constructor(status: number, serverMessage: string | undefined, body: unknown) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.status = status;
    this.serverMessage = serverMessage;
    this.code = readStringField(body, "code");
    this.body = body;
  }
}

export function readStringField(body: unknown, field: string): string | undefined {
  if (typeof body !== "object" || body === null || !(field in body)) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === "string" ? value : undefined;
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
