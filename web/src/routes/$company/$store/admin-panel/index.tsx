import { createFileRoute } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";

import { FormattedMessage, useIntl } from "react-intl";
import { MenuExportPanel } from "@/features/menu-export/export-panel";
import { MenuImportPanel } from "@/features/menu-import/import-panel";
import { SetupChecklistPanel } from "@/features/overview/checklist";
import { CompanyAnalyticsPanel } from "@/features/overview/company-analytics";
import { checklistQueryOptions, type RangeQuery } from "@/features/overview/api";
import { StoreAnalyticsPanel } from "@/features/overview/store-analytics";
import { storeSettingsQueryOptions, type CsObject } from "@/lib/admin-scope";
import type { SessionUser } from "@/lib/session";
import { canManageUsers } from "@/features/admin-panel/admin-layout";
import "@/features/admin-panel/admin-panel.css";
import { PageHead } from "@/components/layout/page-head";
import { usePageTitle } from "@/lib/page-title";

type DashboardSearch = { period?: "7" | "30" | "90" | "custom"; from?: string; to?: string };
const day = (v: unknown) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** The overview; `?period=7|30|90|custom&from&to` keeps the chosen period in the address. */
export const Route = createFileRoute("/$company/$store/admin-panel/")({
  validateSearch: (search: Record<string, unknown>): DashboardSearch => {
    const period = ["7", "30", "90", "custom"].includes(String(search.period)) ? (String(search.period) as DashboardSearch["period"]) : undefined;
    return period === "custom" ? { period, from: day(search.from), to: day(search.to) } : period ? { period } : {};
  },
  component: DashboardRoute,
});

function DashboardRoute() {
  const { user, cs } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const range = search.period === "custom" && search.from && search.to ? { period: "custom" as const, from: search.from, to: search.to } : { period: search.period && search.period !== "custom" ? search.period : ("7" as const) };
  return <Dashboard user={user} cs={cs} range={range} onRange={(r) => void navigate({ search: r.period === "7" ? {} : r, replace: true })} />;
}

/**
 * The admin-panel landing (issue 13): the setup checklist first until it is complete, the guest
 * analytics of the store (and, for company managers and admins, every store of the company side by
 * side), and the menu export.
 */
function Dashboard({ user, cs, range, onRange }: { user: SessionUser; cs: CsObject; range: RangeQuery; onRange: (r: RangeQuery) => void }) {
  const intl = useIntl();
  const store = useQuery(storeSettingsQueryOptions(cs.store_id));
  // Until the setup is complete (a new store) its checklist comes first; then after the analytics.
  const checklistFirst = useQuery(checklistQueryOptions(cs.store_id)).data?.complete !== true;
  usePageTitle(intl.formatMessage({ id: "nav.dashboard" }));
  return (
    <>
      <PageHead title={<FormattedMessage id="dashboard.title" values={{ store: store.data?.name ?? cs.store_url_key }} />} lead={<FormattedMessage id="dashboard.lead" />} titleTestId="dashboard-title">
        <a className="btn btn--secondary" href={`/${cs.company_url_key}/${cs.store_url_key}/menu`} target="_blank" rel="noreferrer">
          <FormattedMessage id="dashboard.openMenu" />
        </a>
      </PageHead>
      {checklistFirst ? <SetupChecklistPanel cs={cs} /> : null}
      <StoreAnalyticsPanel cs={cs} range={range} onRange={onRange} />
      {canManageUsers(user) ? <CompanyAnalyticsPanel cs={cs} range={range} /> : null}
      {checklistFirst ? null : <SetupChecklistPanel cs={cs} />}
      <MenuExportPanel cs={cs} />
      <MenuImportPanel cs={cs} />
    </>
  );
}
