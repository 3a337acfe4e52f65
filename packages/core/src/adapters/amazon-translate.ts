import { EngineError, type TranslationEngine } from "../ports/translator";
import { AwsError, awsService, type AwsCredentials } from "./aws-call";

export interface AmazonTranslateOptions {
  region?: string;
  /** Another endpoint than AWS's, e.g. a fake in tests. */
  endpoint?: string;
  credentials?: AwsCredentials;
}

/** Errors Amazon Translate (or any AWS JSON service) returns when asked to slow down or come back. */
const RETRYABLE = new Set(["ThrottlingException", "TooManyRequestsException", "ServiceUnavailableException", "InternalServerException"]);
const AUTH = new Set(["UnrecognizedClientException", "AccessDeniedException", "InvalidSignatureException", "ExpiredTokenException", "CredentialsProviderError"]);

/**
 * Amazon Translate: one TranslateText request per segment (the API takes one Text). Our language codes are Amazon's ("zh" is Simplified Chinese), so none are mapped.
 */
export function amazonTranslate({ region, endpoint, credentials }: AmazonTranslateOptions = {}): TranslationEngine {
  // `resilient` retries with back-off; retries here would multiply the attempts.
  const call = awsService({ signingName: "translate", endpointPrefix: "translate", endpointEnv: "TRANSLATE", region, endpoint, credentials, attempts: 1 });
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
          const { TranslatedText } = await call<{ TranslatedText?: string }>({
            target: "AWSShineFrontendService_20170701.TranslateText",
            body: { Text: text, SourceLanguageCode: source, TargetLanguageCode: target },
          });
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
  const e = error as Partial<AwsError>;
  const name = e.name ?? "Error";
  const status = e.status;
  if (name === "ThrottlingException" || name === "TooManyRequestsException") return new EngineError("translation engine is rate-limiting requests", true);
  if (RETRYABLE.has(name) || (status !== undefined && status >= 500)) return new EngineError(`translation engine unavailable (${name})`, true);
  if (name === "UnsupportedLanguagePairException") return new EngineError(`unsupported language pair ${source}→${target}`, false);
  if (name === "TextSizeLimitExceededException") return new EngineError("text too long for the translation engine", false);
  if (AUTH.has(name)) return new EngineError("translation engine refused the AWS credentials", false);
  if (status === undefined) {
    // No HTTP answer at all: the connection failed or timed out.
    if (name === "TimeoutError") return new EngineError("translation engine timed out", true);
    if (name === "NetworkError") return new EngineError("translation engine unreachable", true);
  }
  return new EngineError(`translation engine rejected the request: ${name}: ${e.message ?? ""}`.slice(0, 200), false);
}
