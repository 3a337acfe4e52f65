import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { MenuExportPanel } from "@/features/menu-export/export-panel";
import { storeSettingsQueryOptions, type CsObject } from "@/lib/admin-scope";
import type { SessionUser } from "@/lib/session";
import { canManageUsers } from "./admin-layout";
import "./admin-panel.css";

/**
 * The admin-panel landing: the menu export, and a clearly labelled placeholder where the analytics
 * (no issue yet) will go; the menu, tables, settings and subscription are in the section tabs.
 */
export function Dashboard({ user, cs }: { user: SessionUser; cs: CsObject }) {
  const intl = useIntl();
  const store = useQuery(storeSettingsQueryOptions(cs.store_id));
  const params = { company: cs.company_url_key, store: cs.store_url_key };
  useEffect(() => {
    document.title = `${intl.formatMessage({ id: "nav.dashboard" })} — QR Menu`;
  }, [intl]);
  return (
    <>
      <div className="page-head">
        <div>
          <h1 className="page-head__title" data-testid="dashboard-title">
            <FormattedMessage id="dashboard.title" values={{ store: store.data?.name ?? cs.store_url_key }} />
          </h1>
          <p className="page-head__lead">
            <FormattedMessage id="dashboard.lead" />
          </p>
        </div>
        <a className="btn btn--secondary" href={`/${cs.company_url_key}/${cs.store_url_key}/menu`} target="_blank" rel="noreferrer">
          <FormattedMessage id="dashboard.openMenu" />
        </a>
      </div>
      <section className="panel dashboard-placeholder" aria-labelledby="dashboard-placeholder">
        <span className="placeholder-tag">
          <FormattedMessage id="dashboard.placeholderTag" />
        </span>
        <h2 id="dashboard-placeholder" className="panel__title">
          <FormattedMessage id="dashboard.placeholderTitle" />
        </h2>
        <p className="panel__lead">
          <FormattedMessage id="dashboard.placeholderText" />
        </p>
        <div className="panel__actions">
          {canManageUsers(user) ? (
            <Link to="/$company/$store/admin-panel/settings/users" params={params} className="btn btn--primary">
              <FormattedMessage id="nav.users" />
            </Link>
          ) : null}
          <Link to="/$company/$store/admin-panel/settings/profile" params={params} className="btn btn--secondary">
            <FormattedMessage id="nav.profile" />
          </Link>
        </div>
      </section>
      <MenuExportPanel cs={cs} />
    </>
  );
}
