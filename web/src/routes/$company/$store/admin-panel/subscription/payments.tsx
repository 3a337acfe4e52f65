import { createFileRoute } from "@tanstack/react-router";
import { PaymentsPage } from "@/features/subscription/payments-page";

export const Route = createFileRoute("/$company/$store/admin-panel/subscription/payments")({
  component: PaymentsRoute,
});

function PaymentsRoute() {
  const { cs, user } = Route.useRouteContext();
  return <PaymentsPage cs={cs} user={user} />;
}
