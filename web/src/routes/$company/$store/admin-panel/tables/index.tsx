import { createFileRoute } from "@tanstack/react-router";
import { TablesPage } from "@/features/tables/tables-page";

/** Every staff role of the store (SPEC section 2: admin layout). */
export const Route = createFileRoute("/$company/$store/admin-panel/tables/")({
  component: TablesRoute,
});

function TablesRoute() {
  const { cs } = Route.useRouteContext();
  return <TablesPage cs={cs} />;
}
