import type { QueryClient } from "@tanstack/react-query";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { AuthEffects } from "@/components/auth-effects";
import { LoadingBar } from "@/components/loading-bar";
import { NotFoundScreen, RouteErrorScreen } from "@/components/route-errors";

export type RouterContext = {
  queryClient: QueryClient;
};

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: RouteErrorScreen,
});

function RootLayout() {
  return (
    <>
      <LoadingBar />
      <Outlet />
      <AuthEffects />
    </>
  );
}
