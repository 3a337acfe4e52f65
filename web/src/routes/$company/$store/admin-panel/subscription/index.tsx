import { createFileRoute } from "@tanstack/react-router";
import { SubscriptionPage } from "@/features/subscription/subscription-page";

export const Route = createFileRoute("/$company/$store/admin-panel/subscription/")({
  component: SubscriptionRoute,
});

function SubscriptionRoute() {
  const { cs, user } = Route.useRouteContext();
  return <SubscriptionPage cs={cs} user={user} />;
}
