import { createFileRoute } from "@tanstack/react-router";
import { RegisterOrganizationPage } from "@/features/auth/register-organization-page";
import { requireGuest } from "@/lib/route-guards";

/** Registration guard: a signed-in user has an organisation already and goes home. */
export const Route = createFileRoute("/register/organization")({
  beforeLoad: (ctx) => requireGuest(ctx),
  component: RegisterOrganizationPage,
});
