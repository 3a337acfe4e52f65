import type { RouterRoute } from "hono/types";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A route's path ("/api/tables/:tableId", "/t/:qrKey") as a pattern of whole request paths. */
const pattern = (path: string) =>
  new RegExp(`^${path.split("/").map((segment) => (segment === "*" ? ".*" : segment.startsWith(":") ? "[^/]+" : escapeRegExp(segment))).join("/")}$`);

/**
 * The methods the app answers at a path, from its registered routes (HEAD wherever GET, as Hono
 * answers it), for the `Allow` header of a 405; none for a path no route has. Middleware (`ALL`) is
 * not a route. Compiled at the first call, when every route is registered.
 */
export function allowedMethods(routes: readonly RouterRoute[]) {
  let compiled: { match: RegExp; method: string }[] | undefined;
  return (path: string) => {
    compiled ??= routes.filter((r) => r.method !== "ALL").map((r) => ({ match: pattern(r.path), method: r.method }));
    const methods = new Set(compiled.filter((r) => r.match.test(path)).map((r) => r.method));
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  };
}
