import { createFileRoute } from "@tanstack/react-router";
import { RequisitesPage } from "@/features/subscription/requisites-page";

export const Route = createFileRoute("/$company/$store/admin-panel/subscription/requisites")({
  component: RequisitesRoute,
});

function RequisitesRoute() {
  const { cs } = Route.useRouteContext();
  return <RequisitesPage cs={cs} />;
}
