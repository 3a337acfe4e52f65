import { createFileRoute, notFound } from "@tanstack/react-router";
import { canManageUsers } from "@/features/admin-panel/admin-layout";
import { StoresPage } from "@/features/stores/stores-page";

/** Admin and company manager only (SPEC sections 2 and 6); others get not found. */
export const Route = createFileRoute("/$company/$store/admin-panel/settings/stores")({
  beforeLoad: ({ context }) => {
    if (!canManageUsers(context.user)) throw notFound();
  },
  component: StoresRoute,
});

function StoresRoute() {
  const { cs } = Route.useRouteContext();
  return <StoresPage cs={cs} />;
}
