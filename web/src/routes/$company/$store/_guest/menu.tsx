import { createFileRoute } from "@tanstack/react-router";
import { validateGuestSearch } from "@/features/guest-menu/search";

/** Rendered by the layout (_guest.tsx); this route makes the path valid and checks its search. */
export const Route = createFileRoute("/$company/$store/_guest/menu")({
  validateSearch: validateGuestSearch,
});
