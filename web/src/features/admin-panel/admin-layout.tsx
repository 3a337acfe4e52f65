import { useQuery } from "@tanstack/react-query";
import { Link, Outlet, useNavigate } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { StaffHeader } from "@/components/layout/staff-header";
import { companyQueryOptions, storeSettingsQueryOptions, type CsObject } from "@/lib/admin-scope";
import { adminPanelPath, meQueryOptions, ownedStoresQueryOptions, type SessionUser } from "@/lib/session";
import { WelcomeDialog } from "./welcome-dialog";
import "./admin-panel.css";

/** Who may open settings/users and settings/stores (SPEC section 6). */
export const canManageUsers = (user: SessionUser) => user.role === "admin" || user.role === "company_manager";

/**
 * /{company}/{store}/admin-panel/...: the staff header with the company and store (and a switch
 * between the stores the user manages), the section tabs, and the welcome dialog after registration.
 */
export function AdminLayout({ user: initialUser, cs }: { user: SessionUser; cs: CsObject }) {
  const me = useQuery(meQueryOptions());
  const user = me.data ?? initialUser;
  const base = adminPanelPath(cs);
  const params = { company: cs.company_url_key, store: cs.store_url_key };
  return (
    <div className="staff">
      <StaffHeader
        user={user}
        homeHref={base}
        profileHref={`${base}/settings/profile`}
        context={<VenueContext cs={cs} />}
        nav={
          <>
            <Link to="/$company/$store/admin-panel" params={params} className="staff-nav__link" activeOptions={{ exact: true }}>
              <FormattedMessage id="nav.dashboard" />
            </Link>
            {canManageUsers(user) ? (
              <Link to="/$company/$store/admin-panel/settings/users" params={params} className="staff-nav__link">
                <FormattedMessage id="nav.users" />
              </Link>
            ) : null}
            <Link to="/$company/$store/admin-panel/tables" params={params} className="staff-nav__link">
              <FormattedMessage id="nav.tables" />
            </Link>
            <Link to="/$company/$store/admin-panel/settings/wifi" params={params} className="staff-nav__link">
              <FormattedMessage id="nav.wifi" />
            </Link>
            <Link to="/$company/$store/admin-panel/subscription" params={params} className="staff-nav__link">
              <FormattedMessage id="nav.subscription" />
            </Link>
            <Link to="/$company/$store/admin-panel/settings/profile" params={params} className="staff-nav__link">
              <FormattedMessage id="nav.profile" />
            </Link>
          </>
        }
      />
      <main id="main" className="staff-main">
        <Outlet />
      </main>
      <WelcomeDialog user={user} />
    </div>
  );
}

function VenueContext({ cs }: { cs: CsObject }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const company = useQuery(companyQueryOptions(cs.company_id));
  const store = useQuery(storeSettingsQueryOptions(cs.store_id));
  const stores = useQuery(ownedStoresQueryOptions(cs.company_id));
  const choices = stores.data ?? [];
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
