import { createFileRoute, redirect } from "@tanstack/react-router";
import { categoriesQueryOptions, firstCategory } from "@/features/menu-admin/categories/api";

/** A section opens on its first category; an empty one shows the layout's invitation to create it. */
export const Route = createFileRoute("/$company/$store/admin-panel/$categorytype/")({
  beforeLoad: async ({ context, params, location }) => {
    const first = firstCategory(await context.queryClient.ensureQueryData(categoriesQueryOptions(context.cs.store_id, context.section)));
    if (first) {
      // The hash goes along: the checklist's `#menu-import` opens the import panel on whichever category the section opens.
      throw redirect({ to: "/$company/$store/admin-panel/$categorytype/$categoryid", params: { ...params, categoryid: first.id }, hash: location.hash || undefined, replace: true });
    }
  },
  component: () => null,
});
