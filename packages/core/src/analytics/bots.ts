/**
 * Known bots, crawlers, link previews, headless browsers and HTTP libraries, by User-Agent. Their
 * events are answered like anyone's and counted nowhere. A request without a User-Agent is not a
 * guest's browser either. "CUBOT" is a phone brand, not a bot.
 */
const BOT =
  /bot\b|bot[/_-]|crawl|spider|slurp|mediapartners|facebookexternalhit|facebookcatalog|whatsapp|preview|headless|lighthouse|pagespeed|phantomjs|yandex(?:images|metrika|direct|favicons|screenshot)|^curl\/|^wget\/|python-|go-http-client|^java\/|okhttp|axios|node-fetch|undici|^node$/i;

export function isKnownBot(userAgent: string | undefined | null) {
  const ua = (userAgent ?? "").replace(/cubot/gi, "").trim();
  return !ua || BOT.test(ua);
}
