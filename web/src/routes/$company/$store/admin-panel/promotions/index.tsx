import { createFileRoute, redirect } from "@tanstack/react-router";
import { categoriesQueryOptions, firstCategory } from "@/features/menu-admin/categories/api";

/** Promotions open on the first promotion category; with none, the layout invites to create one. */
export const Route = createFileRoute("/$company/$store/admin-panel/promotions/")({
  beforeLoad: async ({ context, params }) => {
    const first = firstCategory(await context.queryClient.ensureQueryData(categoriesQueryOptions(context.cs.store_id, "promotions")));
    if (first) throw redirect({ to: "/$company/$store/admin-panel/promotions/$categoryid", params: { ...params, categoryid: first.id }, replace: true });
  },
  component: () => null,
});
