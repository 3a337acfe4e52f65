import { createFileRoute, notFound } from "@tanstack/react-router";
import { seesCompanyBilling } from "@/features/subscription/api";
import { PaymentsPage } from "@/features/subscription/payments-page";

export const Route = createFileRoute("/$company/$store/admin-panel/subscription/payments")({
  // Company-level: a store manager gets not found, as from the API.
  beforeLoad: ({ context }) => {
    if (!seesCompanyBilling(context.user)) throw notFound();
  },
  component: PaymentsRoute,
});

function PaymentsRoute() {
  const { cs, user } = Route.useRouteContext();
  return <PaymentsPage cs={cs} user={user} />;
}
