import { createFileRoute } from "@tanstack/react-router";
import { ProfilePage } from "@/features/profile/profile-page";

export const Route = createFileRoute("/$company/$store/admin-panel/settings/profile")({
  component: ProfileRoute,
});

function ProfileRoute() {
  const { user } = Route.useRouteContext();
  return <ProfilePage initialUser={user} />;
}
