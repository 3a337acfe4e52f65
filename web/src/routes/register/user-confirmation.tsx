import { createFileRoute, notFound } from "@tanstack/react-router";
import { ConfirmationPage } from "@/features/auth/confirmation-page";

/** Needs a token query parameter, otherwise not found (SPEC sections 2 and 5). Auth-free. */
export const Route = createFileRoute("/register/user-confirmation")({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === "string" && search.token ? search.token : undefined,
  }),
  beforeLoad: ({ search }) => {
    if (!search.token) throw notFound();
  },
  component: ConfirmationRoute,
});

function ConfirmationRoute() {
  const { token } = Route.useSearch();
  return <ConfirmationPage token={token!} />;
}
