/** Navigation to another site: only with an explicit flag (SPEC section 8). */
import type { AnyRouter } from "@tanstack/react-router";
import { isExternalHref } from "./navigation-decision";

export class ExternalNavigationError extends Error {
  constructor(url: string) {
    super(`Navigating to an external URL needs an explicit flag (navigateExternal(url, { external: true })): ${url}`);
    this.name = "ExternalNavigationError";
  }
}

export type Assignable = Pick<Location, "assign" | "replace">;

/**
 * A full page load of another site. Without `{ external: true }` it is an error (SPEC section 8:
 * "Navigating to an external URL without an explicit flag is an error"), so an address that came
 * from data cannot send the user away by accident.
 */
export function navigateExternal(url: string, options: { external?: boolean; replace?: boolean } = {}, location: Assignable = window.location): void {
  if (options.external !== true) throw new ExternalNavigationError(url);
  if (options.replace) location.replace(url);
  else location.assign(url);
}

/**
 * `router.navigate` (links, `useNavigate`, redirects of loaders) refuses addresses of another site:
 * the router would otherwise load them in full without asking (SPEC section 8).
 */
export function guardExternalNavigation(router: AnyRouter, origin: string): void {
  const navigate = router.navigate.bind(router);
  router.navigate = ((options: { href?: unknown; to?: unknown }) => {
    for (const target of [options.href, options.to]) {
      if (typeof target === "string" && isExternalHref(target, origin)) throw new ExternalNavigationError(target);
    }
    return navigate(options as Parameters<typeof navigate>[0]);
  }) as typeof router.navigate;
}
