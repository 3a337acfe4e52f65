import cf from "cloudfront";

/*
 * CloudFront Function (JS 2.0 runtime), viewer request of the guest pages /{company}/{store}/menu,
 * /{company}/{store}/promotions/{n} and /{company}/{store}/reviews. Answers them as the local
 * runtime does (packages/local/src/published.ts) from the routes the publish job keeps in the
 * KeyValueStore (packages/core/src/publish/guest-edge.ts): "{company}/{store}" holds
 * {"l":languages,"d":default,"p":promotion positions,"b":build} or {"m":moved_to}, "_build" the
 * build whose pages are served.
 *   published store  -> /m/{company}/{store}/{lang}/{page}.html from the menus bucket (this behaviour's origin)
 *   former URL name  -> 301 to the current one, query kept
 *   unknown store, a promotions address that names no position (promotions/abc) or a position
 *   the store does not have (promotions/99) -> /m/_not-found/{lang}.html (guest-status.js makes it a 404)
 *   older web build, or no guest page -> the SPA (/index.html from the "site" origin)
 * The language: the menu_language cookie, else locale, else the first of Accept-Language the store
 * offers (any of ours for the not-found page), else the store's default (ru).
 * The URI is rewritten before the cache lookup, so the cache key is the page, not the cookies.
 */
const kvs = cf.kvs();
const GUEST_PAGE = /^\/([^/]+)\/([^/]+)\/(menu|reviews|promotions\/\d{1,4})\/?$/;
const NOT_A_POSITION = /^\/[^/]+\/[^/]+\/promotions\/(?!\d{1,4}\/?$)./;
const LANGUAGES = ["ru", "en", "zh", "ar", "tr", "fr"];

async function handler(event) {
  const request = event.request;
  let path;
  try {
    path = decodeURIComponent(request.uri);
  } catch (e) {
    if (!GUEST_PAGE.test(request.uri)) return spa(request);
    const response = answer(400, "Bad Request", { "content-type": { value: "text/plain; charset=utf-8" } });
    response.body = { encoding: "text", data: "Bad Request" };
    return response;
  }
  if (NOT_A_POSITION.test(path)) return notFound(request);
  const match = GUEST_PAGE.exec(path);
  if (!match) return spa(request);
  const company = match[1].toLowerCase();
  const store = match[2].toLowerCase();
  const page = match[3];
  const route = await read(company + "/" + store);
  // Unknown company or store (or not published yet): the not-found page in the visitor's language.
  if (!route) return notFound(request);
  if (route.m) {
    return answer(301, "Moved Permanently", {
      location: { value: "/" + company + "/" + route.m + "/" + page + query(request.querystring) },
      "cache-control": { value: "no-cache" },
    });
  }
  const build = await read("_build");
  // Pages of an older web build load scripts of that build: the SPA renders the page instead.
  if (build && route.b !== build) return spa(request);
  // A promotions position the store does not have is not found (issue 48), as in the local runtime.
  const promotion = page.indexOf("promotions/") === 0;
  if (promotion && !route.p.some((p) => "promotions/" + p === page)) return notFound(request);
  // Reviews where the store has no widget (`r: 0`) shows the menu rather than a 404.
  const name = page === "reviews" && route.r === 0 ? "menu" : page;
  request.uri = "/m/" + company + "/" + store + "/" + menuLanguage(request, route) + "/" + name + ".html";
  return request;
}

async function notFound(request) {
  // Before the first publish on this distribution the not-found pages are not stored yet (the
  // bucket would answer 403): the SPA, which says "not found" itself.
  if (!(await read("_build"))) return spa(request);
  request.uri = "/m/_not-found/" + visitorLanguage(request) + ".html";
  return request;
}

async function read(key) {
  try {
    return await kvs.get(key, { format: "json" });
  } catch (e) {
    return undefined; // no such key
  }
}

function spa(request) {
  cf.selectRequestOriginById("site");
  request.uri = "/index.html";
  return request;
}

function answer(statusCode, statusDescription, headers) {
  return { statusCode: statusCode, statusDescription: statusDescription, headers: headers };
}

/** A cookie's value; of repeated cookies the last, as the local runtime reads them. */
function cookie(cookies, name) {
  const c = cookies[name];
  if (!c) return undefined;
  return c.multiValue && c.multiValue.length ? c.multiValue[c.multiValue.length - 1].value : c.value;
}

/** The remembered menu language, else the interface one, else the first accepted one, when the store has it; else its default. */
function menuLanguage(request, route) {
  const cookies = request.cookies;
  const names = ["menu_language", "locale"];
  for (let i = 0; i < names.length; i++) {
    let lang = cookie(cookies, names[i]);
    try {
      lang = lang && decodeURIComponent(lang);
    } catch (e) {
      lang = undefined;
    }
    if (lang && route.l.indexOf(lang) !== -1) return lang;
  }
  return firstAccepted(request, route.l) || route.d;
}

/** The language of the not-found page: the menu language, else the interface one, else the first accepted one, else ru. */
function visitorLanguage(request) {
  const cookies = request.cookies;
  const names = ["menu_language", "locale"];
  for (let i = 0; i < names.length; i++) {
    const lang = cookie(cookies, names[i]);
    if (lang && LANGUAGES.indexOf(lang) !== -1) return lang;
  }
  return firstAccepted(request, LANGUAGES) || "ru";
}

/**
 * The first language of the Accept-Language header (by q, then order; primary subtags, q=0 and "*"
 * left out) that is in `offered`, as packages/core/src/shared/accept-language.ts reads it.
 */
function firstAccepted(request, offered) {
  const header = request.headers["accept-language"];
  if (!header) return undefined;
  const wanted = header.value
    .split(",")
    .map((part, order) => {
      const params = part.trim().split(";");
      const lang = params[0].trim().split("-")[0].toLowerCase();
      let q = 1;
      for (let i = 1; i < params.length; i++) {
        const m = /^\s*q=([\d.]+)\s*$/.exec(params[i]);
        if (m) q = Number(m[1]);
      }
      return { lang: lang, q: q, order: order };
    })
    .filter((l) => /^[a-z]{2,3}$/.test(l.lang) && l.q > 0 && offered.indexOf(l.lang) !== -1)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return wanted.length ? wanted[0].lang : undefined;
}

/** The query string as received ("" when none). */
function query(querystring) {
  const parts = [];
  Object.keys(querystring).forEach((key) => {
    const q = querystring[key];
    const values = q.multiValue && q.multiValue.length ? q.multiValue : [q];
    values.forEach((v) => parts.push(v.value === "" ? key : key + "=" + v.value));
  });
  return parts.length ? "?" + parts.join("&") : "";
}
