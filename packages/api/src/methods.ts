import type { Context } from "hono";
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

/**
 * The answer to a request no route took: 405 with `Allow` when its path has routes for other
 * methods, else 404. The app's own `notFound`, and the local server's in front of it (which mounts
 * the app's routes, so the app's handler never runs there).
 */
export function unrouted(routes: readonly RouterRoute[]) {
  const allowed = allowedMethods(routes);
  return (c: Context) => {
    const allow = allowed(c.req.path);
    if (!allow.length || allow.includes(c.req.method)) return c.json({ code: "notFound", message: `Page Not Found: ${c.req.path}` }, 404);
    c.header("Allow", allow.join(", "));
    return c.json({ code: "requestFailed", message: "Method Not Allowed" }, 405);
  };
}
