import { Link, Outlet } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { TabNav } from "@/components/layout/tab-nav";
import type { CsObject } from "@/lib/admin-scope";
import type { SessionUser } from "@/lib/session";
import { seesCompanyBilling } from "./api";
import "./subscription.css";

/** Subscription layout (SPEC section 2): the plan, history, payments and billing details as tabs. */
export function SubscriptionLayout({ cs, user }: { cs: CsObject; user: SessionUser }) {
  const params = { company: cs.company_url_key, store: cs.store_url_key };
  return (
    <>
      <TabNav className="sub-tabs" label="subscription" testId="subscription-tabs">
        <Link to="/$company/$store/admin-panel/subscription" params={params} className="sub-tabs__link" activeOptions={{ exact: true }}>
          <FormattedMessage id="subscription.tab.plan" />
        </Link>
        <Link to="/$company/$store/admin-panel/subscription/history" params={params} className="sub-tabs__link">
          <FormattedMessage id="subscription.tab.history" />
        </Link>
        {seesCompanyBilling(user) ? (
          <>
            <Link to="/$company/$store/admin-panel/subscription/payments" params={params} className="sub-tabs__link">
              <FormattedMessage id="subscription.tab.payments" />
            </Link>
            <Link to="/$company/$store/admin-panel/subscription/requisites" params={params} className="sub-tabs__link">
              <FormattedMessage id="subscription.tab.requisites" />
            </Link>
          </>
        ) : null}
      </TabNav>
      <Outlet />
    </>
  );
}
