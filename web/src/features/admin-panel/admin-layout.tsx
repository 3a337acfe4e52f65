import { useQuery } from "@tanstack/react-query";
import { Link, Outlet, useLocation, useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { StaffHeader } from "@/components/layout/staff-header";
import { useActiveTabInView } from "@/components/layout/tab-nav";
import { companyQueryOptions, storeSettingsQueryOptions, type CsObject } from "@/lib/admin-scope";
import { adminPanelPath, meQueryOptions, ownedStoresQueryOptions, type SessionUser } from "@/lib/session";
import { WelcomeDialog } from "./welcome-dialog";
import "./admin-panel.css";

/** Who may open settings/users and settings/stores (SPEC section 6). */
export const canManageUsers = (user: SessionUser) => user.role === "admin" || user.role === "company_manager";

/**
 * /{company}/{store}/admin-panel/...: the staff header with the company and store (and a switch
 * between the stores the user manages), the section tabs, and the welcome dialog after registration
 * (with the route's `welcomeAction`: "Open the menu now").
 */
export function AdminLayout({ user: initialUser, cs, welcomeAction }: { user: SessionUser; cs: CsObject; welcomeAction?: (close: () => void) => ReactNode }) {
  const me = useQuery(meQueryOptions());
  const user = me.data ?? initialUser;
  const base = adminPanelPath(cs);
  return (
    <div className="staff">
      <StaffHeader
        user={user}
        homeHref={base}
        profileHref={`${base}/settings/profile`}
        context={<VenueContext cs={cs} />}
        nav={<AdminNav user={user} cs={cs} />}
      />
      <main id="main" className="staff-main">
        <Outlet />
      </main>
      <WelcomeDialog user={user} action={welcomeAction} />
    </div>
  );
}

/**
 * The sections of the admin panel as one row of tabs; on a phone the row scrolls sideways and the
 * active tab is scrolled into view.
 */
function AdminNav({ user, cs }: { user: SessionUser; cs: CsObject }) {
  const params = { company: cs.company_url_key, store: cs.store_url_key };
  const base = adminPanelPath(cs);
  const { pathname } = useLocation();
  const inSettings = pathname.startsWith(`${base}/settings/`) && !pathname.startsWith(`${base}/settings/users`);
  const ref = useActiveTabInView<HTMLDivElement>();
  return (
    <div ref={ref} className="admin-nav">
      <Link to="/$company/$store/admin-panel" params={params} className="staff-nav__link" activeOptions={{ exact: true }}>
        <FormattedMessage id="nav.dashboard" />
      </Link>
      {(["kitchen", "drinks", "hookahs", "games"] as const).map((categorytype) => (
        <Link key={categorytype} to="/$company/$store/admin-panel/$categorytype" params={{ ...params, categorytype }} className="staff-nav__link">
          <FormattedMessage id={`nav.${categorytype}`} />
        </Link>
      ))}
      <Link to="/$company/$store/admin-panel/promotions" params={params} className="staff-nav__link">
        <FormattedMessage id="nav.promotions" />
      </Link>
      <Link to="/$company/$store/admin-panel/tables" params={params} className="staff-nav__link">
        <FormattedMessage id="nav.tables" />
      </Link>
      <Link to="/$company/$store/admin-panel/calls" params={params} className="staff-nav__link" data-testid="nav-calls">
        <FormattedMessage id="nav.calls" />
      </Link>
      {canManageUsers(user) ? (
        <Link to="/$company/$store/admin-panel/settings/users" params={params} className="staff-nav__link">
          <FormattedMessage id="nav.users" />
        </Link>
      ) : null}
      <Link
        to="/$company/$store/admin-panel/settings/store"
        params={params}
        className="staff-nav__link"
        data-status={inSettings ? "active" : undefined}
        aria-current={inSettings ? "page" : undefined}
      >
        <FormattedMessage id="nav.settings" />
      </Link>
      <Link to="/$company/$store/admin-panel/subscription" params={params} className="staff-nav__link">
        <FormattedMessage id="nav.subscription" />
      </Link>
    </div>
  );
}

/** The company's name and the store's, or a switch between the company's stores the user manages. */
function VenueContext({ cs }: { cs: CsObject }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const company = useQuery(companyQueryOptions(cs.company_id));
  const store = useQuery(storeSettingsQueryOptions(cs.store_id));
  const choices = useQuery(ownedStoresQueryOptions(cs.company_id)).data?.filter((s) => s.company_id === cs.company_id) ?? [];
  return (
    <div className="venue-context" data-testid="venue-context">
      <span className="venue-context__company">{company.data?.name ?? cs.company_url_key}</span>
      {choices.length > 1 ? (
        <select
          className="venue-context__switch"
          aria-label={intl.formatMessage({ id: "admin.switchStore" })}
          value={cs.store_id}
          onChange={(e) => {
            const next = choices.find((s) => s.store_id === e.target.value);
            if (next) void navigate({ href: adminPanelPath(next) });
          }}
        >
          {choices.map((s) => (
            <option key={s.store_id} value={s.store_id}>
              {s.store_name}
            </option>
          ))}
        </select>
      ) : (
        <span className="venue-context__store">{store.data?.name ?? cs.store_url_key}</span>
      )}
    </div>
  );
}
