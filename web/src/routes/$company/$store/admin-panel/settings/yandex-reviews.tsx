import { createFileRoute } from "@tanstack/react-router";
import { ReviewsWidgetPage } from "@/features/reviews-widget/reviews-widget-page";

export const Route = createFileRoute("/$company/$store/admin-panel/settings/yandex-reviews")({
  component: ReviewsWidgetRoute,
});

function ReviewsWidgetRoute() {
  const { cs } = Route.useRouteContext();
  return <ReviewsWidgetPage cs={cs} />;
}
