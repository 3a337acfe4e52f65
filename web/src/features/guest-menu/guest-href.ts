/**
 * `path` with the search parameters of the address `href`, each of `params` set, or removed when
 * undefined. The address is read once: the cards' links of a long menu come from one reading.
 */
export function paramsOf(href: string, path: string) {
  const current = new URL(href, "http://x").searchParams;
  return (params: Record<string, string | undefined>) => {
    const search = new URLSearchParams(current);
    for (const [k, v] of Object.entries(params)) {
      if (v === undefined) search.delete(k);
      else search.set(k, v);
    }
    const q = search.toString();
    return `${path}${q ? `?${q}` : ""}`;
  };
}

export const withParams = (href: string, path: string, params: Record<string, string | undefined>) => paramsOf(href, path)(params);
