import { createFileRoute, notFound } from "@tanstack/react-router";
import { validateGuestSearch } from "@/features/guest-menu/search";

/** Rendered by the layout (_guest.tsx); this route makes the path valid and checks its search. */
export const Route = createFileRoute("/$company/$store/_guest/promotions/$position")({
  validateSearch: validateGuestSearch,
  beforeLoad: ({ params }) => {
    if (!/^\d{1,4}$/.test(params.position)) throw notFound();
  },
});
