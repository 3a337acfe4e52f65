import { useQuery } from "@tanstack/react-query";

import { FormattedMessage, useIntl } from "react-intl";
import "@/components/layout/staff.css";
import { storeSettingsQueryOptions, type CsObject } from "@/lib/admin-scope";
import { StoreSettingsEditor } from "./store-settings-editor";
import { toValues } from "./use-settings-form";
import "./store-settings.css";
import { PageHead } from "@/components/layout/page-head";
import { usePageTitle } from "@/lib/page-title";
import { QueryState } from "@/components/query-state";

/** settings/store: what guests see about the venue, and how its menu is offered. */
export function StoreSettingsPage({ cs }: { cs: CsObject }) {
  const intl = useIntl();
  const settings = useQuery(storeSettingsQueryOptions(cs.store_id));
  usePageTitle(intl.formatMessage({ id: "storeSettings.title" }));
  return (
    <>
      <PageHead title={<FormattedMessage id="storeSettings.title" />} lead={<FormattedMessage id="storeSettings.lead" />} />
      <QueryState query={settings}>{(data) => <StoreSettingsEditor key={data.url_key} cs={cs} initial={toValues(data)} />}</QueryState>
    </>
  );
}
