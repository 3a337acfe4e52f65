import { createFileRoute } from "@tanstack/react-router";
import { SubscriptionPage } from "@/features/subscription/subscription-page";
import { TranslationVolumeFact } from "@/features/translations/translation-volume";

export const Route = createFileRoute("/$company/$store/admin-panel/subscription/")({
  component: SubscriptionRoute,
});

/** The subscription page, with this month's translation volume among the current plan's facts. */
function SubscriptionRoute() {
  const { cs, user } = Route.useRouteContext();
  return <SubscriptionPage cs={cs} user={user} facts={<TranslationVolumeFact storeId={cs.store_id} />} />;
}
