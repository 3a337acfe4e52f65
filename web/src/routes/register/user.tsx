import { createFileRoute, notFound } from "@tanstack/react-router";
import { RegisterUserPage } from "@/features/auth/register-user-page";
import { requireGuest } from "@/lib/route-guards";

/** A user invited by a manager (guests only); the invitation link carries the token. */
export const Route = createFileRoute("/register/user")({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === "string" && search.token ? search.token : undefined,
  }),
  beforeLoad: async (ctx) => {
    if (!ctx.search.token) throw notFound();
    await requireGuest(ctx);
  },
  component: RegisterUserRoute,
});

function RegisterUserRoute() {
  const { token } = Route.useSearch();
  return <RegisterUserPage token={token!} />;
}
