import { createFileRoute, notFound } from "@tanstack/react-router";
import { ChangePasswordPage } from "@/features/auth/change-password-page";

/** Needs a token query parameter, otherwise not found (SPEC sections 2 and 5). Auth-free. */
export const Route = createFileRoute("/change-password")({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === "string" && search.token ? search.token : undefined,
  }),
  beforeLoad: ({ search }) => {
    if (!search.token) throw notFound();
  },
  component: ChangePasswordRoute,
});

function ChangePasswordRoute() {
  const { token } = Route.useSearch();
  return <ChangePasswordPage token={token!} />;
}
