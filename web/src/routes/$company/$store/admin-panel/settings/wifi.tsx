import { createFileRoute } from "@tanstack/react-router";
import { WifiPage } from "@/features/wifi/wifi-page";

export const Route = createFileRoute("/$company/$store/admin-panel/settings/wifi")({
  component: WifiRoute,
});

function WifiRoute() {
  const { cs } = Route.useRouteContext();
  return <WifiPage cs={cs} />;
}
