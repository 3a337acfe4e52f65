import { MENU_LANGUAGES } from "./model";

/**
 * The languages of an `Accept-Language` header, most wanted first (by q, then order), as primary
 * subtags in lower case ("zh-Hans-CN" → "zh"); q=0 and "*" are left out. The edge function
 * (stacks/edge/guest-pages.js) reads the header the same way.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? "")
    .split(",")
    .map((part, order) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
      return { lang: tag.trim().split("-")[0]!.toLowerCase(), q: q ? Number(q[1]) : 1, order };
    })
    .filter((l) => /^[a-z]{2,3}$/.test(l.lang) && l.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map((l) => l.lang);
}

const LANGUAGES: readonly string[] = MENU_LANGUAGES;

/**
 * The language of a page about no menu in particular (not found, a bad QR code): the remembered
 * menu language, else the interface one (the cookies the guest pages and the SPA set), else the
 * first of the browser's Accept-Language we have a page in, else ru, the product's default. The
 * local runtime and the API's `/t/{key}` both pick it here.
 */
export function visitorLanguage(cookieHeader: string | undefined, acceptLanguage: string | undefined): string {
  const cookies = new Map(
    (cookieHeader ?? "")
      .split(";")
      .map((p) => p.trim().split("="))
      .filter((kv) => kv.length >= 2)
      .map(([k, ...v]) => [k!, v.join("=")]),
  );
  for (const name of ["menu_language", "locale"]) {
    const lang = cookies.get(name);
    if (lang && LANGUAGES.includes(lang)) return lang;
  }
  return acceptedLanguages(acceptLanguage).find((l) => LANGUAGES.includes(l)) ?? "ru";
}
