/**
 * Fake machine-translation services that speak the real wire protocols, on 127.0.0.1 random
 * ports, for tests, the e2e suite and benchmarks. They "translate" deterministically: the text
 * prefixed by the target language, `[en] Борщ`.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** Errors the fakes can be told to answer (`failNext`), each in the service's own shape. */
export type FakeFailure = "throttle" | "too-many-requests" | "unsupported" | "server-error" | "unavailable";

export interface FakeTranslateOptions {
  /** Latency of every translate request in ms (e.g. 100 for a benchmark); changeable later. */
  delayMs?: number;
  /** Language codes the fake knows; others answer the service's "unsupported" error. */
  languages?: string[];
}

export interface FakeLibreTranslateOptions extends FakeTranslateOptions {
  /** When set, requests must carry this `api_key` (403 for a wrong one, 400 for none, as LibreTranslate). */
  apiKey?: string;
}

export interface FakeRequest<Body> {
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or undefined if it was not JSON. */
  body: Body | undefined;
}

export interface FakeTranslateServer<Body> {
  /** Base URL: LibreTranslate's `url`, Amazon's `endpoint`. */
  readonly url: string;
  delayMs: number;
  /** Translate requests received, failed ones included. */
  readonly calls: number;
  /** Characters (code points) translated by successful requests: what the service bills. */
  readonly chars: number;
  /** Requests being handled now, and the most at once since start / `reset()`. */
  readonly inFlight: number;
  readonly maxInFlight: number;
  readonly requests: FakeRequest<Body>[];
  /** The next `count` requests (default 1; Infinity for "never stops") answer this error. */
  failNext(kind: FakeFailure, count?: number): void;
  /**
   * Holds answers until `resume()`: lets a test observe requests in flight without timing. Also
   * over HTTP, `POST /__fake/pause` and `POST /__fake/resume`, for tests in other processes.
   */
  pause(): void;
  resume(): void;
  /** Zeroes the counters and forgets requests and pending failures. */
  reset(): void;
  close(): Promise<void>;
}

export interface LibreTranslateRequest {
  q?: string | string[];
  source?: string;
  target?: string;
  format?: string;
  api_key?: string;
}

export interface AmazonTranslateRequest {
  Text?: string;
  SourceLanguageCode?: string;
  TargetLanguageCode?: string;
}

export const FAKE_LANGUAGES = ["ru", "en", "zh", "ar", "tr", "fr"];

/** The deterministic "translation" both fakes answer. */
export const fakeTranslation = (text: string, target: string) => `[${target}] ${text}`;

/** A LibreTranslate server: `POST /translate` JSON `{ q, source, target, format, api_key }`. */
export function startFakeLibreTranslate(options: FakeLibreTranslateOptions = {}): Promise<FakeTranslateServer<LibreTranslateRequest>> {
  const languages = options.languages ?? FAKE_LANGUAGES;
  return startFake<LibreTranslateRequest>(options, {
    accepts: (req) => req.method === "POST" && new URL(req.url ?? "/", "http://x").pathname === "/translate",
    answer(body, _headers, failure) {
      const error = (status: number, message: string): Answer => ({ status, json: { error: message } });
      if (failure === "throttle" || failure === "too-many-requests") return error(429, "Slowdown: 30 per 1 minute");
      if (failure === "server-error") return error(500, "Cannot translate text: model crashed");
      // As from a reverse proxy in front of the server: not JSON.
      if (failure === "unavailable") return { status: 503, text: "<html><body>503 Service Unavailable</body></html>" };
      if (!body) return error(400, "Invalid JSON format");
      if (options.apiKey && body.api_key !== options.apiKey)
        return body.api_key ? error(403, "Invalid API key") : error(400, "Please contact the server operator to get an API key");
      const { q, source, target, format = "text" } = body;
      if (!q || (Array.isArray(q) && !q.length)) return error(400, "Invalid request: missing q parameter");
      if (!source) return error(400, "Invalid request: missing source parameter");
      if (!target) return error(400, "Invalid request: missing target parameter");
      if (failure === "unsupported" || !languages.includes(source)) return error(400, `${source} is not supported`);
      if (!languages.includes(target)) return error(400, `${target} is not supported`);
      if (format !== "text" && format !== "html") return error(400, `${format} format is not supported`);
      // LibreTranslate answers "" for a blank segment.
      const translate = (text: string) => (text.trim() ? fakeTranslation(text, target) : "");
      const texts = Array.isArray(q) ? q : [q];
      return { status: 200, json: { translatedText: Array.isArray(q) ? q.map(translate) : translate(q) }, chars: countChars(texts) };
    },
  });
}

const AMAZON_TARGET = "AWSShineFrontendService_20170701.TranslateText";
const AMAZON_JSON = "application/x-amz-json-1.1";

/**
 * Amazon Translate's TranslateText over AWS JSON 1.1, as the service speaks it:
 * `POST /` with `X-Amz-Target: AWSShineFrontendService_20170701.TranslateText`, body
 * `{ Text, SourceLanguageCode, TargetLanguageCode }`. Errors carry the type in `__type` and
 * `x-amzn-ErrorType`. Signatures are required but not verified.
 */
export function startFakeAmazonTranslate(options: FakeTranslateOptions = {}): Promise<FakeTranslateServer<AmazonTranslateRequest>> {
  const languages = options.languages ?? FAKE_LANGUAGES;
  return startFake<AmazonTranslateRequest>(options, {
    accepts: (req) => req.method === "POST" && req.url === "/",
    answer(body, headers, failure) {
      if (headers["x-amz-target"] !== AMAZON_TARGET) return awsError(400, "UnknownOperationException", "");
      if (!headers["content-type"]?.startsWith(AMAZON_JSON)) return awsError(400, "SerializationException", "Unsupported content type");
      if (!headers.authorization?.startsWith("AWS4-HMAC-SHA256 ")) return awsError(400, "MissingAuthenticationTokenException", "Missing Authentication Token");
      if (failure === "throttle") return awsError(400, "ThrottlingException", "Rate exceeded");
      if (failure === "too-many-requests") return awsError(429, "TooManyRequestsException", "Too many requests");
      if (failure === "server-error") return awsError(500, "InternalServerException", "Internal server error");
      if (failure === "unavailable") return awsError(503, "ServiceUnavailableException", "Service unavailable");
      if (!body) return awsError(400, "SerializationException", "");
      const { Text, SourceLanguageCode: source, TargetLanguageCode: target } = body;
      if (!Text?.trim())
        return awsError(400, "ValidationException", "1 validation error detected: Value at 'text' failed to satisfy constraint: Member must have length greater than or equal to 1");
      const bytes = Buffer.byteLength(Text);
      if (bytes > 10_000)
        return awsError(400, "TextSizeLimitExceededException", `Input text size exceeds limit. Max length of request text allowed is 10000 bytes while in this request the text size is ${bytes} bytes`);
      if (failure === "unsupported" || !source || !target || !languages.includes(source) || !languages.includes(target))
        return awsError(400, "UnsupportedLanguagePairException", `Unsupported language pair: ${source} to ${target}.`, {
          SourceLanguageCode: source,
          TargetLanguageCode: target,
        });
      return {
        status: 200,
        headers: { "content-type": AMAZON_JSON },
        json: { TranslatedText: fakeTranslation(Text, target), SourceLanguageCode: source, TargetLanguageCode: target },
        chars: countChars([Text]),
      };
    },
  });
}

function awsError(status: number, type: string, message: string, fields: Record<string, unknown> = {}): Answer {
  return {
    status,
    headers: { "content-type": AMAZON_JSON, "x-amzn-errortype": `${type}:http://internal.amazon.com/coral/com.amazonaws.translate/` },
    json: { __type: type, message, ...fields },
  };
}

interface Answer {
  status: number;
  headers?: Record<string, string>;
  json?: unknown;
  text?: string;
  chars?: number;
}

interface Protocol<Body> {
  accepts(req: IncomingMessage): boolean;
  answer(body: Body | undefined, headers: IncomingHttpHeaders, failure: FakeFailure | undefined): Answer;
}

const countChars = (texts: string[]) => texts.reduce((n, t) => n + [...t].length, 0);

/** The HTTP plumbing and bookkeeping shared by the fakes. */
async function startFake<Body>(options: FakeTranslateOptions, protocol: Protocol<Body>): Promise<FakeTranslateServer<Body>> {
  const stats = { calls: 0, chars: 0, inFlight: 0, maxInFlight: 0 };
  let requests: FakeRequest<Body>[] = [];
  let failures: { kind: FakeFailure; count: number }[] = [];
  let gate: { promise: Promise<void>; open: () => void } | undefined;

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    // Test processes other than the one that started the fake hold and release it over HTTP.
    const control = req.method === "POST" ? (/^\/__fake\/(pause|resume)$/.exec(req.url ?? "")?.[1] as "pause" | "resume" | undefined) : undefined;
    if (control) {
      fake[control]();
      res.writeHead(204).end();
      return;
    }
    if (!protocol.accepts(req)) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "Not Found" }));
      return;
    }
    let body: Body | undefined;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Body;
    } catch {
      body = undefined;
    }
    stats.calls++;
    stats.maxInFlight = Math.max(stats.maxInFlight, ++stats.inFlight);
    requests.push({ headers: req.headers, body });
    const failure = failures[0];
    if (failure && --failure.count <= 0) failures.shift();
    try {
      if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
      if (gate) await gate.promise;
      const answer = protocol.answer(body, req.headers, failure?.kind);
      if (answer.status === 200) stats.chars += answer.chars ?? 0;
      const payload = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.text ?? "");
      res
        .writeHead(answer.status, {
          "content-type": answer.json !== undefined ? "application/json" : "text/html",
          "x-amzn-requestid": randomUUID(),
          ...answer.headers,
        })
        .end(payload);
    } finally {
      stats.inFlight--;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeTranslateServer<Body> = {
    url: `http://127.0.0.1:${port}`,
    delayMs: options.delayMs ?? 0,
    get calls() {
      return stats.calls;
    },
    get chars() {
      return stats.chars;
    },
    get inFlight() {
      return stats.inFlight;
    },
    get maxInFlight() {
      return stats.maxInFlight;
    },
    get requests() {
      return requests;
    },
    failNext(kind, count = 1) {
      failures.push({ kind, count });
    },
    pause() {
      if (gate) return;
      let open!: () => void;
      const promise = new Promise<void>((resolve) => (open = resolve));
      gate = { promise, open };
    },
    resume() {
      gate?.open();
      gate = undefined;
    },
    reset() {
      Object.assign(stats, { calls: 0, chars: 0, maxInFlight: stats.inFlight });
      requests = [];
      failures = [];
    },
    async close() {
      fake.resume();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
  return fake;
}
