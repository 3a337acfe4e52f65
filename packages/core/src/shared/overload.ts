/**
 * DynamoDB said it cannot take the request now: throttled, or failing inside. The SDK has already
 * retried it with back-off (db/client.ts); the API answers 503 with Retry-After, never 500.
 */
const OVERLOAD = new Set(["ProvisionedThroughputExceededException", "ThrottlingException", "RequestLimitExceeded", "InternalServerError", "InternalFailure", "ServiceUnavailable"]);

export function isOverload(error: unknown): boolean {
  const e = error as { name?: string; cause?: { name?: string; $metadata?: { httpStatusCode?: number } }; $metadata?: { httpStatusCode?: number } } | undefined;
  const status = e?.$metadata?.httpStatusCode ?? e?.cause?.$metadata?.httpStatusCode ?? 0;
  return OVERLOAD.has(e?.name ?? "") || OVERLOAD.has(e?.cause?.name ?? "") || status >= 500;
}
