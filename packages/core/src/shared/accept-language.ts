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
