import { EngineError, type TranslationEngine } from "../ports/translator";

export interface LibreTranslateOptions {
  /** The server's base URL, e.g. http://localhost:5000 (a path prefix is kept). */
  url: string;
  apiKey?: string;
  /**
   * Our language code → the server's. Our codes are sent as-is by default: LibreTranslate up to
   * 1.6 names Simplified Chinese "zh"; servers with newer models that call it "zh-Hans" need
   * `{ zh: "zh-Hans" }`.
   */
  codes?: Partial<Record<string, string>>;
  /** Segments / characters per request: public servers refuse large batches (`--batch-limit`). */
  maxSegments?: number;
  maxChars?: number;
  timeoutMs?: number;
}

/**
 * A LibreTranslate-compatible server: `POST {url}/translate` with an array `q`, answered by an
 * array `translatedText`. Large calls are split into batches sent one after another, so one
 * call holds one connection and `resilient`'s concurrency bound stays the number of requests.
 */
export function libreTranslate({ url, apiKey, codes = {}, maxSegments = 50, maxChars = 5000, timeoutMs = 30_000 }: LibreTranslateOptions): TranslationEngine {
  const endpoint = new URL("translate", url.endsWith("/") ? url : `${url}/`);
  const code = (lang: string) => codes[lang] ?? lang;

  async function post(q: string[], source: string, target: string): Promise<string[]> {
    let status: number;
    let text: string;
    try {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ q, source: code(source), target: code(target), format: "text", ...(apiKey ? { api_key: apiKey } : {}) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const name = (error as Error).name;
      throw new EngineError(name === "TimeoutError" || name === "AbortError" ? "translation engine timed out" : "translation engine unreachable", true);
    }
    const answer = parseJson(text);
    if (status !== 200) throw httpError(status, typeof answer?.error === "string" ? answer.error : "", source, target);
    const translated = answer?.translatedText;
    if (!Array.isArray(translated) || translated.length !== q.length || !translated.every((t) => typeof t === "string"))
      throw new EngineError("translation engine gave an unexpected answer", false);
    return translated;
  }

  return {
    name: "libretranslate",
    async translate(texts, source, target) {
      const out = [...texts];
      const todo = texts.flatMap((text, i) => (text.trim() ? [{ i, text }] : [])); // blanks answered as-is
      for (const batch of batches(todo, maxSegments, maxChars)) {
        const translated = await post(
          batch.map((s) => s.text),
          source,
          target,
        );
        batch.forEach((s, k) => (out[s.i] = translated[k]!));
      }
      return out;
    },
  };
}

/** Consecutive batches of at most `maxSegments` and `maxChars` (a longer segment goes alone). */
function* batches<T extends { text: string }>(items: T[], maxSegments: number, maxChars: number) {
  let batch: T[] = [];
  let chars = 0;
  for (const item of items) {
    if (batch.length && (batch.length >= maxSegments || chars + item.text.length > maxChars)) {
      yield batch;
      [batch, chars] = [[], 0];
    }
    batch.push(item);
    chars += item.text.length;
  }
  if (batch.length) yield batch;
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined; // e.g. an HTML error page from a proxy
  }
}

/** LibreTranslate answers errors as `{ "error": "..." }`; the status and text tell what happened. */
function httpError(status: number, message: string, source: string, target: string): EngineError {
  if (status === 429) return new EngineError("translation engine is rate-limiting requests", true);
  if (status >= 500) return new EngineError(`translation engine unavailable (HTTP ${status})`, true);
  // 403 is a bad key or, with "limits violations", a ban for ignoring 429s.
  if (status === 403 && /limit/i.test(message)) return new EngineError("translation engine banned this client for too many requests", false);
  if (status === 403 || /api key/i.test(message)) return new EngineError("translation engine refused the API key", false);
  // "xx is not supported" / "X (xx) is not available as a target language from ..."
  if (status === 400 && /not supported|not available as a target/i.test(message))
    return new EngineError(`unsupported language pair ${source}→${target}`, false);
  return new EngineError(`translation engine rejected the request (HTTP ${status}${message ? `: ${message}` : ""})`.slice(0, 200), false);
}
