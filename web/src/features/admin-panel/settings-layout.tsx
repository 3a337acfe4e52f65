import { Link, Outlet, useLocation } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { TabNav } from "@/components/layout/tab-nav";
import type { CsObject } from "@/lib/admin-scope";
import { adminPanelPath, type SessionUser } from "@/lib/session";
import { canManageUsers } from "./admin-layout";
import "./admin-panel.css";

/**
 * Admin settings layout (SPEC section 2): the settings pages as tabs. Users (staff) has its own
 * entry in the section tabs, so its page shows no settings tabs.
 */
export function SettingsLayout({ cs, user }: { cs: CsObject; user: SessionUser }) {
  const intl = useIntl();
  const params = { company: cs.company_url_key, store: cs.store_url_key };
  const { pathname } = useLocation();
  if (pathname.startsWith(`${adminPanelPath(cs)}/settings/users`)) return <Outlet />;
  return (
    <>
      <TabNav className="settings-tabs" label={intl.formatMessage({ id: "nav.settings" })} testId="settings-tabs">
        <Link to="/$company/$store/admin-panel/settings/store" params={params} className="settings-tabs__link">
          <FormattedMessage id="nav.storeSettings" />
        </Link>
        {canManageUsers(user) ? (
          <Link to="/$company/$store/admin-panel/settings/stores" params={params} className="settings-tabs__link">
            <FormattedMessage id="nav.stores" />
          </Link>
        ) : null}
        <Link to="/$company/$store/admin-panel/settings/translations-map" params={params} className="settings-tabs__link">
          <FormattedMessage id="glossary.tab" />
        </Link>
        <Link to="/$company/$store/admin-panel/settings/wifi" params={params} className="settings-tabs__link">
          <FormattedMessage id="nav.wifi" />
        </Link>
        <Link to="/$company/$store/admin-panel/settings/yandex-reviews" params={params} className="settings-tabs__link">
          <FormattedMessage id="nav.reviewsWidget" />
        </Link>
        <Link to="/$company/$store/admin-panel/settings/profile" params={params} className="settings-tabs__link">
          <FormattedMessage id="nav.profile" />
        </Link>
      </TabNav>
      <Outlet />
    </>
  );
}
