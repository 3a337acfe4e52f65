import { createFileRoute, notFound, redirect } from "@tanstack/react-router";
import { AdminLayout } from "@/features/admin-panel/admin-layout";
import { OpenMenuNowIfPreparing } from "@/features/subscription/open-now";
import { ownedCsObjectQueryOptions } from "@/lib/admin-scope";
import { isApiError } from "@/lib/api";
import { requireAuth } from "@/lib/route-guards";

/**
 * Admin layout (signed-in page access): the pair must resolve among the stores the user manages
 * (cs-object, scope=owned); anything else — unknown, or someone else's — is not found.
 */
export const Route = createFileRoute("/$company/$store/admin-panel")({
  beforeLoad: async (ctx) => {
    const { user } = await requireAuth(ctx);
    const cs = await ctx.context.queryClient
      .ensureQueryData(ownedCsObjectQueryOptions(ctx.params.company, ctx.params.store))
      .catch((error: unknown) => {
        if (isApiError(error) && error.status === 404) throw notFound();
        throw error;
      });
    // A former URL name of the store (or other letter case): the same page under the current one.
    const from = `/${ctx.params.company}/${ctx.params.store}/`;
    const to = `/${cs.company_url_key}/${cs.store_url_key}/`;
    if (from !== to && ctx.location.pathname.startsWith(from)) {
      throw redirect({ href: to + ctx.location.pathname.slice(from.length) + ctx.location.searchStr, replace: true });
    }
    return { user, cs };
  },
  component: AdminPanelRoute,
});

function AdminPanelRoute() {
  const { user, cs } = Route.useRouteContext();
  return (
    <AdminLayout
      user={user}
      cs={cs}
      welcomeAction={(close) => <OpenMenuNowIfPreparing storeId={cs.store_id} companyId={cs.company_id} onOpened={close} />}
    />
  );
}
