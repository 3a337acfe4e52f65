import { createFileRoute } from "@tanstack/react-router";
import { TablesPrintPage } from "@/features/tables/print-page";

export const Route = createFileRoute("/$company/$store/admin-panel/tables/print")({
  component: PrintRoute,
});

function PrintRoute() {
  const { cs } = Route.useRouteContext();
  return <TablesPrintPage cs={cs} />;
}
