/** `path` with the search parameters of the address `href`, each of `params` set, or removed when undefined. */
export const withParams = (href: string, path: string, params: Record<string, string | undefined>) => {
  const url = new URL(href, "http://x");
  const search = new URLSearchParams(url.search);
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) search.delete(k);
    else search.set(k, v);
  }
  const q = search.toString();
  return `${path}${q ? `?${q}` : ""}`;
};
