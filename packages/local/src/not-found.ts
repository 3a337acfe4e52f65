import { existsSync, readFileSync } from "node:fs";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import type { MenuRenderer } from "@menu/core/shared/published-menu";
import { visitorLanguage as visitorLanguageOf } from "@menu/core/shared/accept-language";

/**
 * The not-found answer of the local edge: HTTP 404 with the guest not-found page (rendered by the
 * web app's server renderer, styles inline, no script) in the visitor's language. It answers guest
 * paths of a store that is not published (unknown company or store) and addresses that no SPA
 * route matches; the SPA keeps answering its own routes (it says not found itself where it must).
 */

/** The visitor's language from a Node request's headers (core's visitorLanguage: cookies, then Accept-Language). */
export const visitorLanguage = (headers: IncomingHttpHeaders) => visitorLanguageOf(headers.cookie, headers["accept-language"]);

export type NotFoundPage = {
  /** The page's HTML in the visitor's language. */
  html(headers: IncomingHttpHeaders): string;
  /** Answers a Node request with 404 and the page. */
  answer(req: IncomingMessage, res: ServerResponse): void;
  /** Answers an unknown or retired QR code with 404 and its page, linking to `menu` (the store's menu) when known. */
  answerQr(req: IncomingMessage, res: ServerResponse, menu?: string): void;
};

const send = (req: IncomingMessage, res: ServerResponse, html: string) => {
  const body = Buffer.from(html);
  res
    .writeHead(404, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": String(body.byteLength),
      "Cache-Control": "no-cache",
      Vary: "Cookie, Accept-Language",
    })
    .end(req.method === "HEAD" ? undefined : body);
};

/** Not-found pages from the renderer, one per language, rendered once. */
export function notFoundPage(renderer: Pick<MenuRenderer, "renderNotFound">): NotFoundPage | undefined {
  const render = renderer.renderNotFound;
  if (!render) return undefined;
  const pages = new Map<string, string>();
  const html = (headers: IncomingHttpHeaders) => {
    const lang = visitorLanguage(headers);
    let page = pages.get(lang);
    if (!page) pages.set(lang, (page = render({ lang })));
    return page;
  };
  return {
    html,
    answer(req, res) {
      send(req, res, html(req.headers));
    },
    answerQr(req, res, menu) {
      send(req, res, render({ lang: visitorLanguage(req.headers), qr: menu ? { menu } : {} }));
    },
  };
}

/**
 * The SPA route a path matches (`web/dist/.vite/routes.json`, written by the web build from the
 * router's route tree), the one with the fewest parameters when several do (`/register/user` before
 * `/$company/$store`); undefined when none does. With no such file every path counts as the route "*".
 */
export function spaRoutes(webDist: string): (path: string) => string | undefined {
  const file = join(webDist, ".vite/routes.json");
  if (!existsSync(file)) return () => "*";
  const patterns = (JSON.parse(readFileSync(file, "utf8")) as string[])
    .map((route) => ({
      route,
      params: (route.match(/\$/g) ?? []).length,
      re: new RegExp(`^${route.replace(/\/$/, "").replace(/[.*+?^{}()|[\]\\]/g, "\\$&").replace(/\$[A-Za-z_]\w*/g, "[^/]+")}/?$`),
    }))
    .sort((a, b) => a.params - b.params);
  return (path) => patterns.find((p) => p.re.test(path))?.route;
}
