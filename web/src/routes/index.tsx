import { createFileRoute } from "@tanstack/react-router";
import { Landing } from "@/features/landing/landing-page";
import { requireGuestHome } from "@/lib/route-guards";

/** Guest home (guests only): a signed-in user goes to the operator view or their admin panel. */
export const Route = createFileRoute("/")({
  beforeLoad: (ctx) => requireGuestHome(ctx),
  component: Landing,
});
