/**
 * The machine-translation port (PRODUCT.md "Languages"): Amazon Translate in the cloud, a
 * LibreTranslate-compatible HTTP engine when LIBRETRANSLATE_URL is set, otherwise none. The domain
 * sees only this interface; the adapters live in `../adapters/`.
 */
import { NO_ENGINE_REASON } from "../shared/model";

/** A failure of the engine. `retryable` says the service asked to try again (throttling, 5xx). */
export class EngineError extends Error {
  constructor(
    /** The reason shown in the admin panel. */
    readonly reason: string,
    readonly retryable: boolean,
  ) {
    super(reason);
    this.name = "EngineError";
  }
}

export interface TranslationEngine {
  /** "amazon", "libretranslate" or "none": shown in the admin panel. */
  readonly name: string;
  /**
   * Translates plain-text segments (never markup) from one language to another; answers one
   * translation per segment, in order. Throws EngineError.
   */
  translate(texts: string[], source: string, target: string): Promise<string[]>;
}

/** Jobs end in error with a clear reason; manual translation still works. */
export const noEngine: TranslationEngine = {
  name: "none",
  translate: async () => {
    throw new EngineError(NO_ENGINE_REASON, false);
  },
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Bounded concurrency (the engine's own request limits) and retries with exponential back-off and
 * jitter for the errors the service marks as retryable. The last error is rethrown.
 */
export function resilient(engine: TranslationEngine, { concurrency = 8, attempts = 4, baseDelayMs = 200 } = {}): TranslationEngine {
  let active = 0;
  const waiting: (() => void)[] = [];
  const acquire = async () => {
    while (active >= concurrency) await new Promise<void>((ok) => waiting.push(ok));
    active++;
  };
  const release = () => {
    active--;
    waiting.shift()?.();
  };
  return {
    name: engine.name,
    async translate(texts, source, target) {
      for (let attempt = 1; ; attempt++) {
        await acquire();
        try {
          return await engine.translate(texts, source, target);
        } catch (error) {
          if (!(error instanceof EngineError) || !error.retryable || attempt >= attempts) throw error;
        } finally {
          release();
        }
        await wait(baseDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2));
      }
    },
  };
}
