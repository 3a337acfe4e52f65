/**
 * One SigV4-signed call to an AWS JSON API, for the services where the product makes a single call
 * (SQS SendMessage, SES SendEmail, Translate TranslateText, SSM GetParameters). Each SDK client
 * carries every operation of its service: together they were about 500 KB of every function's
 * bundle. DynamoDB, S3 (presigned URLs too) and the KeyValueStore (SigV4A) stay on the SDK.
 */
import { createHash, createHmac, type Hash, type Hmac } from "node:crypto";
import { defaultProvider } from "@aws-sdk/credential-provider-node";
import { SignatureV4 } from "@smithy/signature-v4";

export type AwsCredentials = { accessKeyId: string; secretAccessKey: string; sessionToken?: string };

export interface AwsService {
  /** The signing name ("sqs", "ses", …). */
  signingName: string;
  /** The regional endpoint's first label ("email" for SES v2) and the suffix of its AWS_ENDPOINT_URL_… override. */
  endpointPrefix: string;
  endpointEnv: string;
  region?: string;
  /** Another endpoint than AWS's (a fake in tests). */
  endpoint?: string;
  /** Else the SDK's chain (on Lambda: the function role's keys from the environment). */
  credentials?: AwsCredentials;
  /** Tries for throttling, 5xx and network failures: 3 as the SDK's standard mode, 1 where the caller retries. */
  attempts?: number;
  timeoutMs?: number;
}

/** An AWS error answer (its `__type` or `x-amzn-ErrorType`), a network failure or a timeout. */
export class AwsError extends Error {
  constructor(
    override readonly name: string,
    message: string,
    /** The HTTP status; absent when no answer came. */
    readonly status?: number,
    /** The system error of a failed connection (ECONNREFUSED, …). */
    readonly code?: string,
  ) {
    super(message);
  }
}

const THROTTLING = new Set(["ThrottlingException", "TooManyRequestsException", "RequestThrottled", "RequestLimitExceeded", "SlowDown"]);
const isRetryable = (e: AwsError) => e.status === undefined || e.status >= 500 || e.status === 429 || THROTTLING.has(e.name);

type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: SourceData) =>
  typeof data === "string" ? data : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);

/** SignatureV4's hash: SHA-256, or HMAC-SHA-256 when given a key. */
class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(key?: SourceData) {
    this.hash = key === undefined ? createHash("sha256") : createHmac("sha256", bytes(key));
  }
  update(data: SourceData) {
    this.hash.update(bytes(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

/**
 * A caller of one service: `call({ target, body })` for the JSON 1.0/1.1 protocols (the operation in
 * `X-Amz-Target`), `call({ path, body })` for REST-JSON. Answers the parsed JSON body.
 */
export function awsService({ signingName, endpointPrefix, endpointEnv, region, endpoint, credentials, attempts = 3, timeoutMs = 30_000 }: AwsService) {
  const regionName = region ?? process.env.AWS_REGION ?? "us-east-1";
  const base = new URL(endpoint ?? process.env[`AWS_ENDPOINT_URL_${endpointEnv}`] ?? `https://${endpointPrefix}.${regionName}.amazonaws.com`);
  const signer = new SignatureV4({ service: signingName, region: regionName, credentials: credentials ?? defaultProvider(), sha256: Sha256 });

  async function once(path: string, contentType: string, target: string | undefined, body: string) {
    const url = new URL(path, base);
    const headers: Record<string, string> = { host: url.host, "content-type": contentType, ...(target ? { "x-amz-target": target } : {}) };
    const signed = await signer.sign({
      method: "POST",
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: url.pathname,
      headers,
      body,
    });
    let response: Response;
    try {
      response = await fetch(url, { method: "POST", headers: signed.headers, body, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const e = error as Error & { cause?: { code?: string } };
      throw e.name === "TimeoutError" ? new AwsError("TimeoutError", e.message) : new AwsError("NetworkError", e.message, undefined, e.cause?.code);
    }
    const text = await response.text();
    const answer = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    if (response.ok) return answer;
    const type = String(answer.__type ?? response.headers.get("x-amzn-errortype") ?? `Http${response.status}`);
    const name = type.split("#").pop()!.split(":")[0]!;
    throw new AwsError(name, String(answer.message ?? answer.Message ?? name), response.status);
  }

  return async function call<T>({ target, path = "/", json = "1.1", body }: { target?: string; path?: string; json?: "1.0" | "1.1"; body: unknown }): Promise<T> {
    const contentType = target ? `application/x-amz-json-${json}` : "application/json";
    const payload = JSON.stringify(body);
    for (let attempt = 1; ; attempt++) {
      try {
        return (await once(path, contentType, target, payload)) as T;
      } catch (error) {
        if (!(error instanceof AwsError) || attempt >= attempts || !isRetryable(error)) throw error;
        // The SDK's standard back-off: full jitter, 100 ms doubling.
        await new Promise((r) => setTimeout(r, Math.random() * 100 * 2 ** attempt));
      }
    }
  };
}
