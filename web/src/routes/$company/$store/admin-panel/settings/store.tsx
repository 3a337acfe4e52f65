import { createFileRoute } from "@tanstack/react-router";
import { StoreSettingsPage } from "@/features/store-settings/store-settings-page";

export const Route = createFileRoute("/$company/$store/admin-panel/settings/store")({
  component: StoreSettingsRoute,
});

function StoreSettingsRoute() {
  const { cs } = Route.useRouteContext();
  return <StoreSettingsPage cs={cs} />;
}
