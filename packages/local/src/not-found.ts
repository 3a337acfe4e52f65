import { existsSync, readFileSync } from "node:fs";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import type { MenuRenderer } from "@menu/core/publish/published";

/**
 * The not-found answer of the local edge: HTTP 404 with the guest not-found page (rendered by the
 * web app's server renderer, styles inline, no script) in the visitor's language. It answers guest
 * paths of a store that is not published (unknown company or store) and addresses that no SPA
 * route matches; the SPA keeps answering its own routes (it says not found itself where it must).
 */

const LANGUAGES = ["ru", "en", "zh", "ar", "tr", "fr"];

/**
 * The visitor's language: the remembered menu language, else the interface one (the cookies the
 * guest pages and the SPA set), else ru, the product's default, as the SPA itself starts in
 * (the browser's Accept-Language is not used there either).
 */
export function visitorLanguage(headers: IncomingHttpHeaders): string {
  const cookies = new Map(
    (headers.cookie ?? "")
      .split(";")
      .map((p) => p.trim().split("="))
      .filter((kv) => kv.length >= 2)
      .map(([k, ...v]) => [k!, v.join("=")]),
  );
  for (const name of ["menu_language", "locale"]) {
    const lang = cookies.get(name);
    if (lang && LANGUAGES.includes(lang)) return lang;
  }
  return "ru";
}

export type NotFoundPage = {
  /** The page's HTML in the visitor's language. */
  html(headers: IncomingHttpHeaders): string;
  /** Answers a Node request with 404 and the page. */
  answer(req: IncomingMessage, res: ServerResponse): void;
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
      const body = Buffer.from(html(req.headers));
      res
        .writeHead(404, {
          "Content-Type": "text/html; charset=utf-8",
          "Content-Length": String(body.byteLength),
          "Cache-Control": "no-cache",
          Vary: "Cookie",
        })
        .end(req.method === "HEAD" ? undefined : body);
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
