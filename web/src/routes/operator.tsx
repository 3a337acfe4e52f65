import { createFileRoute } from "@tanstack/react-router";
import { OperatorPage } from "@/features/operator/operator-page";
import { requireRole } from "@/lib/route-guards";

/** The operator view: admins only (others signed in: not found; signed out: sign in first). */
export const Route = createFileRoute("/operator")({
  beforeLoad: (ctx) => requireRole(ctx, ["admin"]),
  component: OperatorRoute,
});

function OperatorRoute() {
  const { user } = Route.useRouteContext();
  return <OperatorPage user={user} />;
}
