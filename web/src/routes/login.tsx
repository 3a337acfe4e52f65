import { createFileRoute } from "@tanstack/react-router";
import { LoginPage } from "@/features/auth/login-page";
import { requireGuest } from "@/lib/route-guards";

type LoginSearch = { redirect?: string; error?: string; email?: string };

const text = (value: unknown, max: number) => (typeof value === "string" && value.length <= max ? value : undefined);

/** Sign-in (guests only): `redirect` is where to go back to afterwards. */
export const Route = createFileRoute("/login")({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect: text(search.redirect, 2048),
    error: text(search.error, 64),
    email: text(search.email, 254),
  }),
  beforeLoad: (ctx) => requireGuest(ctx),
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect, error, email } = Route.useSearch();
  return <LoginPage redirect={redirect} error={error} email={email} />;
}
