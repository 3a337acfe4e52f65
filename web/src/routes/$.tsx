import { createFileRoute, notFound } from "@tanstack/react-router";

/** Any path no other route matches: the 404 error screen (root notFoundComponent). */
export const Route = createFileRoute("/$")({
  beforeLoad: () => {
    throw notFound();
  },
});
