/**
 * How the consistency check (consistency.ts) reads published objects and compares them with a
 * rebuild: JSON compared with its keys sorted, differences named by path (records by id).
 */
import { usePorts } from "../ports";

const text = (body: Uint8Array) => Buffer.from(body).toString("utf8");

export async function readText(key: string) {
  const object = await usePorts().objects.get(key);
  return object ? text(object.body) : undefined;
}

export function parse<T>(json: string | undefined): T | undefined {
  if (json === undefined) return undefined;
  try {
    return JSON.parse(json) as T;
  } catch {
    return undefined;
  }
}

/** JSON with object keys sorted: two values are equal when these are. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

const short = (value: unknown) => {
  const s = value === undefined ? "(none)" : JSON.stringify(value);
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
};

/** Where two values differ, as paths (arrays of records with an `id` are compared by id): at most `max`. */
export function differingPaths(published: unknown, rebuilt: unknown, max = 8): string[] {
  const out: string[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (out.length >= max || canonical(a) === canonical(b)) return;
    const byId = (v: unknown) => Array.isArray(v) && v.length > 0 && v.every((x) => x && typeof x === "object" && typeof (x as { id?: unknown }).id === "string");
    if (Array.isArray(a) && Array.isArray(b) && (byId(a) || byId(b)) && (byId(a) || !a.length) && (byId(b) || !b.length)) {
      const left = new Map(a.map((x) => [(x as { id: string }).id, x]));
      const right = new Map(b.map((x) => [(x as { id: string }).id, x]));
      for (const [id, x] of left) walk(x, right.get(id), `${path}[${id}]`);
      for (const [id, x] of right) if (!left.has(id)) walk(undefined, x, `${path}[${id}]`);
      if (out.length < max && canonical([...left.keys()]) !== canonical([...right.keys()]) && [...left.keys()].every((id) => right.has(id)) && left.size === right.size) out.push(`${path}: order`);
      return;
    }
    if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) walk((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], path ? `${path}.${key}` : key);
      return;
    }
    out.push(`${path || "(whole)"}: published ${short(a)}, rebuilt ${short(b)}`);
  };
  walk(published, rebuilt, "");
  return out;
}

/** The instants in a page (ISO 8601, as `toISOString` writes them): the time it was rendered is one of them. */
export const instants = (html: string) => [...new Set(html.match(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/g) ?? [])];
/** The origins a page names (its canonical address is the site's, PUBLIC_BASE_URL of the run that rendered it): a few at most. */
export const origins = (html: string) => [...new Set(html.match(/https?:\/\/[^/"'\s<>]+/g) ?? [])].slice(0, 5);
