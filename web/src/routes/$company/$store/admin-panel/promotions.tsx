import { createFileRoute, Outlet } from "@tanstack/react-router";
import { CategoriesLayout, CategoriesSkeleton } from "@/features/menu-admin/categories/categories-layout";
import { categoriesQueryOptions } from "@/features/menu-admin/categories/api";

/** admin-panel/promotions: the promotion categories (one level) beside the selected one's promotions. */
export const Route = createFileRoute("/$company/$store/admin-panel/promotions")({
  loader: ({ context }) => context.queryClient.ensureQueryData(categoriesQueryOptions(context.cs.store_id, "promotions")),
  pendingComponent: CategoriesSkeleton,
  component: PromotionsRoute,
});

function PromotionsRoute() {
  const { cs } = Route.useRouteContext();
  return (
    <CategoriesLayout cs={cs} section="promotions">
      <Outlet />
    </CategoriesLayout>
  );
}
