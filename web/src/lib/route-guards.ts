/**
 * Route guards (SPEC section 2): auth-free routes need none; guest-only routes send a signed-in
 * user to a configured page (by default `/`); every other route sends a signed-out user to the
 * sign-in page and back after signing in.
 */
import type { QueryClient } from "@tanstack/react-query";
import { notFound, redirect, type ParsedLocation } from "@tanstack/react-router";
import type { Role } from "@/lib/stored-user";
import { ensureUser, startPath, type SessionUser } from "./session";

type GuardContext = { context: { queryClient: QueryClient }; location: ParsedLocation };

/** Signed-out users go to /login?redirect=<here>. */
export async function requireAuth({ context, location }: GuardContext): Promise<{ user: SessionUser }> {
  const user = await ensureUser(context.queryClient);
  if (!user) throw redirect({ to: "/login", search: { redirect: location.href } });
  return { user };
}

/** Signed-in users go to `redirectTo` (default `/`). */
export async function requireGuest({ context }: GuardContext, redirectTo = "/"): Promise<void> {
  const user = await ensureUser(context.queryClient);
  if (user) throw redirect({ href: redirectTo });
}

/** The guest home: signed-in users go to where they work (operator view or their admin panel). */
export async function requireGuestHome({ context }: GuardContext): Promise<void> {
  const user = await ensureUser(context.queryClient);
  if (!user) return;
  const path = await startPath(context.queryClient, user);
  if (path) throw redirect({ href: path });
}

/** Signed in and one of `roles`, else (signed in) not found. */
export async function requireRole(guard: GuardContext, roles: readonly Role[]): Promise<{ user: SessionUser }> {
  const { user } = await requireAuth(guard);
  if (!roles.includes(user.role)) throw notFound();
  return { user };
}
