import { createFileRoute } from "@tanstack/react-router";
import { ForgotPasswordPage } from "@/features/auth/forgot-password-page";
import { requireGuest } from "@/lib/route-guards";

/** Guests only (SPEC section 2). */
export const Route = createFileRoute("/forgot-password")({
  beforeLoad: (ctx) => requireGuest(ctx),
  component: ForgotPasswordPage,
});
