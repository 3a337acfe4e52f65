import { TranslateClient, TranslateTextCommand, type TranslateClientConfig } from "@aws-sdk/client-translate";
import { EngineError, type TranslationEngine } from "../translation/engine";

export interface AmazonTranslateOptions {
  region?: string;
  /** Another endpoint than AWS's, e.g. a fake in tests. */
  endpoint?: string;
  credentials?: TranslateClientConfig["credentials"];
}

/** Errors Amazon Translate (or any AWS JSON service) returns when asked to slow down or come back. */
const RETRYABLE = new Set(["ThrottlingException", "TooManyRequestsException", "ServiceUnavailableException", "InternalServerException"]);
const AUTH = new Set(["UnrecognizedClientException", "AccessDeniedException", "InvalidSignatureException", "ExpiredTokenException", "CredentialsProviderError"]);
const NETWORK = new Set(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH"]);

/**
 * Amazon Translate: one TranslateText request per segment (the API takes one Text). Our language codes are Amazon's ("zh" is Simplified Chinese), so none are mapped.
 */
export function amazonTranslate({ region, endpoint, credentials }: AmazonTranslateOptions = {}): TranslationEngine {
  // `resilient` retries with back-off; the SDK's own retries would multiply the attempts.
  const client = new TranslateClient({ region, endpoint, credentials, maxAttempts: 1, requestHandler: { requestTimeout: 30_000 } });
  return {
    name: "amazon",
    async translate(texts, source, target) {
      // One request at a time per call: `resilient` bounds the calls in flight, so it bounds the
      // requests too (the service's limit is on requests).
      const out: string[] = [];
      for (const text of texts) {
        if (!text.trim()) {
          out.push(text); // the API rejects empty Text
          continue;
        }
        try {
          const { TranslatedText } = await client.send(new TranslateTextCommand({ Text: text, SourceLanguageCode: source, TargetLanguageCode: target }));
          out.push(TranslatedText ?? "");
        } catch (error) {
          throw engineError(error, source, target);
        }
      }
      return out;
    },
  };
}

function engineError(error: unknown, source: string, target: string): EngineError {
  const e = error as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const name = e.name ?? "Error";
  const status = e.$metadata?.httpStatusCode;
  if (name === "ThrottlingException" || name === "TooManyRequestsException") return new EngineError("translation engine is rate-limiting requests", true);
  if (RETRYABLE.has(name) || (status !== undefined && status >= 500)) return new EngineError(`translation engine unavailable (${name})`, true);
  if (name === "UnsupportedLanguagePairException") return new EngineError(`unsupported language pair ${source}→${target}`, false);
  if (name === "TextSizeLimitExceededException") return new EngineError("text too long for the translation engine", false);
  if (AUTH.has(name)) return new EngineError("translation engine refused the AWS credentials", false);
  if (status === undefined) {
    // No HTTP answer at all: the connection failed or timed out.
    if (name === "TimeoutError" || name === "AbortError") return new EngineError("translation engine timed out", true);
    if (e.code && NETWORK.has(e.code)) return new EngineError("translation engine unreachable", true);
  }
  return new EngineError(`translation engine rejected the request: ${name}: ${e.message ?? ""}`.slice(0, 200), false);
}
