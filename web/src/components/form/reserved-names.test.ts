/**
 * Issue 49, point 3, the SPA's side: every top-level page of the router that could be a URL name
 * (letters, digits, hyphens: decision 105) is reserved, so a new page fails here until its name is; a reserved name
 * typed in a form says "This name is reserved" in the interface language, as the server would.
 */
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ROUTE_NAMES } from "@menu/core/shared/reserved-names";
import { UrlKey } from "@menu/core/shared/url-key";
import { fieldErrorsOf } from "./validation";

const routes = fileURLToPath(new URL("../../routes", import.meta.url));

describe("reserved URL names in the SPA", () => {
  it("holds every top-level route of the router that is a possible URL name", () => {
    const pages = readdirSync(routes).map((entry) => entry.replace(/\.tsx$/, ""));
    expect(pages).toContain("login");
    const names = pages.filter((page) => /^[a-z][a-z0-9-]*$/.test(page) && page !== "index");
    expect(names.length).toBeGreaterThan(3);
    for (const name of names) expect(ROUTE_NAMES, name).toContain(name);
  });

  it("shows the reserved-name message under the field, for a route name and a misleading word alike", () => {
    for (const value of ["api", "Admin"]) {
      const parsed = UrlKey.safeParse(value);
      expect(parsed.success).toBe(false);
      expect(fieldErrorsOf(parsed.error!)).toEqual({ _form: { id: "validation.reservedName" } });
    }
    expect(UrlKey.safeParse("apiary").success).toBe(true);
  });
});
