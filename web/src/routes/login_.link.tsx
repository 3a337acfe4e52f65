import { createFileRoute, notFound } from "@tanstack/react-router";
import { SignInLinkPage } from "@/features/auth/sign-in-link-page";

/** The mailed one-time sign-in link: needs its token, otherwise not found. Auth-free. */
export const Route = createFileRoute("/login_/link")({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === "string" && search.token ? search.token : undefined,
  }),
  beforeLoad: ({ search }) => {
    if (!search.token) throw notFound();
  },
  component: SignInLinkRoute,
});

function SignInLinkRoute() {
  const { token } = Route.useSearch();
  return <SignInLinkPage token={token!} />;
}
