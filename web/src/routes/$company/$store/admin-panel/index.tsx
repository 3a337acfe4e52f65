import { createFileRoute } from "@tanstack/react-router";
import { Dashboard } from "@/features/admin-panel/dashboard";

export const Route = createFileRoute("/$company/$store/admin-panel/")({
  component: DashboardRoute,
});

function DashboardRoute() {
  const { user, cs } = Route.useRouteContext();
  return <Dashboard user={user} cs={cs} />;
}
