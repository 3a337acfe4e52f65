import { createFileRoute } from "@tanstack/react-router";
import { HistoryPage } from "@/features/subscription/history-page";

export const Route = createFileRoute("/$company/$store/admin-panel/subscription/history")({
  component: HistoryRoute,
});

function HistoryRoute() {
  const { cs } = Route.useRouteContext();
  return <HistoryPage cs={cs} />;
}
