import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { FormattedDate, FormattedMessage, useIntl } from "react-intl";
import { FormAlert } from "@/components/form/fields";
import "@/components/form/form.css";
import { StaffHeader } from "@/components/layout/staff-header";
import { errorMessageFor } from "@/lib/errors";
import type { SessionUser } from "@/lib/session";
import { operatorCompaniesQueryOptions } from "./api";
import "./operator.css";
import { PageHead } from "@/components/layout/page-head";
import { usePageTitle } from "@/lib/page-title";

/** The operator view (admins): every company and its stores, newest first; open any in the admin panel. */
export function OperatorPage({ user }: { user: SessionUser }) {
  const intl = useIntl();
  const [filter, setFilter] = useState("");
  usePageTitle(intl.formatMessage({ id: "operator.title" }));
  const pages = useInfiniteQuery(operatorCompaniesQueryOptions());
  const companies = useMemo(() => {
    const all = pages.data?.pages.flatMap((p) => p.companies) ?? [];
    const q = filter.trim().toLowerCase();
    if (!q) return all;
    return all.filter(
      (c) => c.name.toLowerCase().includes(q) || c.url_key.includes(q) || c.stores.some((s) => s.name.toLowerCase().includes(q) || s.url_key.includes(q)),
    );
  }, [pages.data, filter]);

  return (
    <div className="staff">
      <StaffHeader
        user={user}
        homeHref="/operator"
        context={
          <div className="venue-context">
            <span className="venue-context__company">QR Menu</span>
            <span className="venue-context__store">
              <FormattedMessage id="operator.title" />
            </span>
          </div>
        }
      />
      <main id="main" className="staff-main">
        <PageHead title={<FormattedMessage id="operator.heading" />} lead={<FormattedMessage id="operator.lead" />}>
          <input
            className="input operator-filter"
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder={intl.formatMessage({ id: "operator.filter" })}
            aria-label={intl.formatMessage({ id: "operator.filter" })}
          />
        </PageHead>
        {pages.isPending ? (
          <p role="status">
            <FormattedMessage id="common.loading" />
          </p>
        ) : pages.error ? (
          <FormAlert>{errorMessageFor(pages.error)}</FormAlert>
        ) : companies.length === 0 ? (
          <p className="page-head__lead">
            <FormattedMessage id="operator.empty" />
          </p>
        ) : (
          <ul className="operator-list" data-testid="operator-companies">
            {companies.map((company) => (
              <li key={company.id} className="panel operator-company">
                <div className="operator-company__head">
                  <h2 className="panel__title">{company.name}</h2>
                  <span className="operator-company__meta">
                    /{company.url_key} ·{" "}
                    <FormattedMessage id="operator.registered" values={{ date: <FormattedDate value={company.created_at} dateStyle="medium" /> }} />
                  </span>
                </div>
                {company.stores.length ? (
                  <ul className="operator-stores">
                    {company.stores.map((store) => (
                      <li key={store.id} className="operator-store">
                        <span className="operator-store__name">
                          {store.name} <span className="operator-company__meta">/{store.url_key}</span>
                        </span>
                        <span className="operator-store__actions">
                          <a className="btn btn--ghost btn--sm" href={`/${company.url_key}/${store.url_key}/menu`} target="_blank" rel="noreferrer">
                            <FormattedMessage id="operator.menu" />
                          </a>
                          <Link
                            className="btn btn--secondary btn--sm"
                            to="/$company/$store/admin-panel"
                            params={{ company: company.url_key, store: store.url_key }}
                          >
                            <FormattedMessage id="operator.openAdmin" />
                          </Link>
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="operator-company__meta">
                    <FormattedMessage id="operator.noStores" />
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
        {pages.hasNextPage ? (
          <div className="operator-more">
            <button type="button" className="btn btn--secondary" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
              <FormattedMessage id="operator.more" />
            </button>
          </div>
        ) : null}
      </main>
    </div>
  );
}
