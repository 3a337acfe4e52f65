import { noEngine, resilient, type TranslationEngine } from "../ports/translator";
import { amazonTranslate } from "./amazon-translate";
import { libreTranslate } from "./libretranslate";

/**
 * The translation engine the configuration asks for (PRODUCT.md "Languages"): a LibreTranslate-
 * compatible server when LIBRETRANSLATE_URL is set; otherwise Amazon Translate in the cloud and none
 * locally. `TRANSLATE_CONCURRENCY` bounds the requests in flight (default 8, within both services'
 * default limits).
 */
export function translatorFromEnv(env: NodeJS.ProcessEnv, { cloud }: { cloud: boolean }): TranslationEngine {
  const concurrency = Math.max(1, Number(env.TRANSLATE_CONCURRENCY) || 8);
  if (env.LIBRETRANSLATE_URL) {
    return resilient(libreTranslate({ url: env.LIBRETRANSLATE_URL, apiKey: env.LIBRETRANSLATE_API_KEY || undefined }), { concurrency });
  }
  if (cloud && env.TRANSLATE_ENGINE !== "none") return resilient(amazonTranslate({}), { concurrency });
  return noEngine;
}
