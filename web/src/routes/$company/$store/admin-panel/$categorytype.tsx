import { createFileRoute, notFound, Outlet } from "@tanstack/react-router";
import { CategoriesLayout, CategoriesSkeleton } from "@/features/menu-admin/categories/categories-layout";
import { categoriesQueryOptions, isCategorySection } from "@/features/menu-admin/categories/api";
import { MenuImportPanel } from "@/features/menu-import/import-panel";

/** admin-panel/{kitchen|drinks|hookahs|games}: any other word is not found. */
export const Route = createFileRoute("/$company/$store/admin-panel/$categorytype")({
  beforeLoad: ({ params }) => {
    if (!isCategorySection(params.categorytype)) throw notFound();
    return { section: params.categorytype };
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(categoriesQueryOptions(context.cs.store_id, context.section)),
  pendingComponent: CategoriesSkeleton,
  component: CategorySectionRoute,
});

function CategorySectionRoute() {
  const { cs, section } = Route.useRouteContext();
  return (
    <CategoriesLayout key={section} cs={cs} section={section} importPanel={(onApplying) => <MenuImportPanel cs={cs} onApplying={onApplying} />}>
      <Outlet />
    </CategoriesLayout>
  );
}
