import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { FormAlert } from "@/components/form/fields";
import "@/components/layout/staff.css";
import { storeSettingsQueryOptions, type CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { StoreSettingsEditor } from "./store-settings-editor";
import { toValues } from "./use-settings-form";
import "./store-settings.css";

/** settings/store: what guests see about the venue, and how its menu is offered. */
export function StoreSettingsPage({ cs }: { cs: CsObject }) {
  const intl = useIntl();
  const settings = useQuery(storeSettingsQueryOptions(cs.store_id));
  useEffect(() => {
    document.title = `${intl.formatMessage({ id: "storeSettings.title" })} — QR Menu`;
  }, [intl]);
  return (
    <>
      <div className="page-head">
        <div>
          <h1 className="page-head__title">
            <FormattedMessage id="storeSettings.title" />
          </h1>
          <p className="page-head__lead">
            <FormattedMessage id="storeSettings.lead" />
          </p>
        </div>
      </div>
      {settings.isPending ? (
        <p role="status">
          <FormattedMessage id="common.loading" />
        </p>
      ) : settings.error ? (
        <FormAlert>{errorMessageFor(settings.error)}</FormAlert>
      ) : (
        <StoreSettingsEditor key={settings.data.url_key} cs={cs} initial={toValues(settings.data)} />
      )}
    </>
  );
}
