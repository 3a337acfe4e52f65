import { createFileRoute } from "@tanstack/react-router";
import { GuestRoute } from "@/features/guest-menu/guest-route";

/**
 * Public menu layout (SPEC section 2): /{company}/{store}/menu, /promotions/{position}, /reviews.
 * Normally these paths are answered with the pre-rendered page; the SPA renders them when they are
 * reached inside the app or not published yet. The guest app reads the page from the address itself.
 */
export const Route = createFileRoute("/$company/$store/_guest")({
  component: GuestRoute,
});
