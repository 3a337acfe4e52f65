import { createFileRoute, redirect } from "@tanstack/react-router";

/** /settings opens the store's settings. */
export const Route = createFileRoute("/$company/$store/admin-panel/settings/")({
  beforeLoad: ({ params }) => {
    throw redirect({ to: "/$company/$store/admin-panel/settings/store", params, replace: true });
  },
});
