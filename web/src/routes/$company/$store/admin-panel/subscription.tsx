import { createFileRoute } from "@tanstack/react-router";
import { SubscriptionLayout } from "@/features/subscription/subscription-layout";

export const Route = createFileRoute("/$company/$store/admin-panel/subscription")({
  component: SubscriptionLayoutRoute,
});

function SubscriptionLayoutRoute() {
  const { cs, user } = Route.useRouteContext();
  return <SubscriptionLayout cs={cs} user={user} />;
}
