import { createFileRoute } from "@tanstack/react-router";
import { TablesPrintPage } from "@/features/tables/print-page";

/** `?ids=a,b,c`: the cards of the chosen tables only. */
type PrintSearch = { ids?: string };

export const Route = createFileRoute("/$company/$store/admin-panel/tables/print")({
  validateSearch: (search: Record<string, unknown>): PrintSearch => (typeof search.ids === "string" && search.ids ? { ids: search.ids } : {}),
  component: PrintRoute,
});

function PrintRoute() {
  const { cs } = Route.useRouteContext();
  const { ids } = Route.useSearch();
  return <TablesPrintPage cs={cs} ids={ids?.split(",").filter(Boolean)} />;
}
