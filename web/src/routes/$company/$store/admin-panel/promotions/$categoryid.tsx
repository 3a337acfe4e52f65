import { useQuery } from "@tanstack/react-query";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { CategoryPane } from "@/features/menu-admin/categories/category-pane";
import { categoriesQueryOptions } from "@/features/menu-admin/categories/api";

/** A promotion category of this store; any other id is not found (SPEC section 2). */
export const Route = createFileRoute("/$company/$store/admin-panel/promotions/$categoryid")({
  loader: async ({ context, params }) => {
    const list = await context.queryClient.ensureQueryData(categoriesQueryOptions(context.cs.store_id, "promotions"));
    if (!list.some((c) => c.id === params.categoryid)) throw notFound();
  },
  component: PromotionCategoryRoute,
});

function PromotionCategoryRoute() {
  const { cs } = Route.useRouteContext();
  const { categoryid } = Route.useParams();
  const category = useQuery(categoriesQueryOptions(cs.store_id, "promotions")).data?.find((c) => c.id === categoryid);
  return category ? <CategoryPane key={category.id} cs={cs} category={category} /> : null;
}
