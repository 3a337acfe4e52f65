import { useQuery } from "@tanstack/react-query";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { CategoryPane } from "@/features/menu-admin/categories/category-pane";
import { categoriesQueryOptions } from "@/features/menu-admin/categories/api";

/** A category of the section; an id that is not one of this store's categories there is not found. */
export const Route = createFileRoute("/$company/$store/admin-panel/$categorytype/$categoryid")({
  loader: async ({ context, params }) => {
    const list = await context.queryClient.ensureQueryData(categoriesQueryOptions(context.cs.store_id, context.section));
    if (!list.some((c) => c.id === params.categoryid)) throw notFound();
  },
  component: CategoryRoute,
});

function CategoryRoute() {
  const { cs, section } = Route.useRouteContext();
  const { categoryid } = Route.useParams();
  const category = useQuery(categoriesQueryOptions(cs.store_id, section)).data?.find((c) => c.id === categoryid);
  return category ? <CategoryPane key={category.id} cs={cs} category={category} /> : null;
}
