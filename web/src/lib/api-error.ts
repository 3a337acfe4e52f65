// Kept apart from api.ts so that code needing only the error class does not pull in the Hono client.

/** An HTTP error answered by the API. `serverMessage` is the `message` field of the JSON body, if any. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly body: unknown;

  constructor(status: number, serverMessage: string | undefined, body: unknown) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.status = status;
    this.serverMessage = serverMessage;
    this.body = body;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
