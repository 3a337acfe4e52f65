import { createFileRoute, notFound } from "@tanstack/react-router";
import { seesCompanyBilling } from "@/features/subscription/api";
import { RequisitesPage } from "@/features/subscription/requisites-page";

export const Route = createFileRoute("/$company/$store/admin-panel/subscription/requisites")({
  // Company-level: a store manager gets not found, as from the API.
  beforeLoad: ({ context }) => {
    if (!seesCompanyBilling(context.user)) throw notFound();
  },
  component: RequisitesRoute,
});

function RequisitesRoute() {
  const { cs } = Route.useRouteContext();
  return <RequisitesPage cs={cs} />;
}
