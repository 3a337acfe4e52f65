import { createFileRoute, notFound } from "@tanstack/react-router";
import { UsersPage } from "@/features/users/users-page";

/** Signed in, and admin or company manager (SPEC sections 2 and 6); others get not found. */
export const Route = createFileRoute("/$company/$store/admin-panel/settings/users")({
  beforeLoad: ({ context }) => {
    if (context.user.role !== "admin" && context.user.role !== "company_manager") throw notFound();
  },
  component: UsersRoute,
});

function UsersRoute() {
  const { user, cs } = Route.useRouteContext();
  return <UsersPage viewer={user} cs={cs} />;
}
