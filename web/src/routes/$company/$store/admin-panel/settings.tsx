import { createFileRoute } from "@tanstack/react-router";
import { SettingsLayout } from "@/features/admin-panel/settings-layout";

export const Route = createFileRoute("/$company/$store/admin-panel/settings")({
  component: SettingsLayoutRoute,
});

function SettingsLayoutRoute() {
  const { cs, user } = Route.useRouteContext();
  return <SettingsLayout cs={cs} user={user} />;
}
