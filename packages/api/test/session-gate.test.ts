/**
 * `requiresSession` is enforced at the edge: every operation of the OpenAPI document that declares
 * the session scheme refuses the public, and a user below its least role, before the request is
 * even validated. A request with no parameters and no body proves it: without the gate it would be
 * a 400. The refusal is 401 "Sign in required", or the "not found" or "forbidden" core gives the
 * same caller on that route (the route tests and the tenant-isolation matrix check which).
 */
import { describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { MESSAGES, type Actor, type MessageCode, type Role } from "@menu/core";

type Operation = { security?: Record<string, string[]>[] };
const doc = (await (await createApp().request("/api/openapi.json")).json()) as { paths: Record<string, Record<string, Operation>> };
const RANK: Role[] = ["store_manager", "company_manager", "admin"];

const declared = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops)
    .filter(([, op]) => op.security?.some((scheme) => "session" in scheme))
    .map(([method, op]) => ({
      name: `${method.toUpperCase()} ${path}`,
      // Every path parameter a placeholder, no query and no body: nothing a route could accept.
      path: path.replace(/\{[^}]+\}/g, "x"),
      method: method.toUpperCase(),
      role: RANK.find((r) => op.security!.some((scheme) => scheme.session?.includes(r))),
    })),
);

/** A request as this caller, without a session cookie (so without CSRF token either). */
const as = (actor: Actor, { path, method }: { path: string; method: string }) => createApp({ resolveActor: () => actor }).request(path, { method });
/** The refusals core gives, and so the gate: "Sign in required", "Access denied", or "… not found". */
const REFUSED: Partial<Record<MessageCode, number>> = { unauthorized: 401, forbidden: 403, notFound: 404, storeNotFound: 404, companyNotFound: 404, userNotFound: 404 };
async function expectRefused(res: Response) {
  const body = (await res.json()) as { code: MessageCode; message: string };
  expect(res.status, JSON.stringify(body)).toBe(REFUSED[body.code]);
  expect(body.message).toBe(MESSAGES[body.code]);
}
const user = (role: Role): Actor => ({ type: "user", userId: "gate-test", role, companyId: "gate-test", storeId: "gate-test" });

describe("routes that declare a session", () => {
  it("are many (the document declares them)", () => {
    expect(declared.length).toBeGreaterThan(50);
  });

  it.each(declared.map((d) => [d.name, d] as const))("%s refuses the public", async (_, route) => {
    await expectRefused(await as({ type: "public" }, route));
  });

  const ranked = declared.filter((d) => d.role && d.role !== "store_manager");
  it.each(ranked.map((d) => [d.name, d] as const))("%s refuses every role below its own", async (_, route) => {
    for (const below of RANK.slice(0, RANK.indexOf(route.role!))) await expectRefused(await as(user(below), route));
  });
});
