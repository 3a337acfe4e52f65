import { createFileRoute } from "@tanstack/react-router";
import { CallsPage } from "@/features/table-calls/calls-page";

/** Every staff role of the store: store managers and company managers (and the operator) see the calls. */
export const Route = createFileRoute("/$company/$store/admin-panel/calls/")({
  component: CallsRoute,
});

function CallsRoute() {
  const { cs } = Route.useRouteContext();
  return <CallsPage cs={cs} />;
}
