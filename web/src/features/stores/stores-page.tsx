import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { NewStoreForm } from "@menu/core/store/schemas";
import { useState } from "react";
import { FormattedDate, FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { DataTable, type Column } from "@/components/data-table";
import { FormAlert, TextField } from "@/components/form/fields";
import { useZodForm } from "@/components/form/use-zod-form";
import { apiFieldError } from "@/components/form/validation";
import "@/components/layout/staff.css";
import { PageHead } from "@/components/layout/page-head";
import { AvailabilityStatus, useAvailability } from "@/components/form/availability";
import { useUrlNameFollowing } from "@/components/form/url-name-following";
import type { MessageId } from "@/i18n/catalogs";
import type { CsObject } from "@/lib/admin-scope";
import { ApiError } from "@/lib/api-error";
import { errorMessageFor } from "@/lib/errors";
import { adminPanelPath } from "@/lib/session";
import { storesQueryOptions, useCreateStore, type StoreRow } from "./api";
import "./stores.css";
import { usePageTitle } from "@/lib/page-title";
import { FormDialog } from "@/components/form-dialog";

/** settings/stores (admin and company manager): the company's stores and where each stands; a new store. */
export function StoresPage({ cs }: { cs: CsObject }) {
  const intl = useIntl();
  const stores = useQuery(storesQueryOptions(cs.company_id));
  const [creating, setCreating] = useState(false);
  usePageTitle(intl.formatMessage({ id: "stores.title" }));
  const t = (id: MessageId) => intl.formatMessage({ id });
  const columns: Column<StoreRow>[] = [
    {
      header: t("stores.col.name"),
      cell: (s) => (
        <>
          <div className="data-table__primary">
            {s.name}
            {s.id === cs.store_id ? (
              <span className="pill stores__current">
                <FormattedMessage id="stores.current" />
              </span>
            ) : null}
          </div>
          <div className="data-table__secondary" dir="ltr">
            /{cs.company_url_key}/{s.url_key}
          </div>
        </>
      ),
    },
    { header: t("stores.col.status"), labelled: true, cell: (s) => <StoreStatus store={s} /> },
    {
      header: t("stores.col.actions"),
      hiddenHeader: true,
      cell: (s) => (
        <div className="data-table__actions">
          <a className="btn btn--ghost" href={`/${cs.company_url_key}/${s.url_key}/menu`} target="_blank" rel="noreferrer">
            <FormattedMessage id="stores.openMenu" />
          </a>
          {s.id === cs.store_id ? null : (
            <Link className="btn btn--secondary" to={adminPanelPath({ company_url_key: cs.company_url_key, store_url_key: s.url_key })}>
              <FormattedMessage id="stores.manage" />
            </Link>
          )}
        </div>
      ),
    },
  ];
  return (
    <>
      <PageHead title={<FormattedMessage id="stores.title" />} lead={<FormattedMessage id="stores.lead" />}>
        <button type="button" className="btn btn--primary" onClick={() => setCreating(true)} data-testid="new-store">
          + <FormattedMessage id="stores.new" />
        </button>
      </PageHead>
      <section className="panel">
        <DataTable className="data-table" testId="stores-table" load={stores} rows={stores.data ?? []} columns={columns} rowKey={(s) => s.id} rowTestId="store-row" />
      </section>
      {creating ? <NewStoreDialog cs={cs} onClose={() => setCreating(false)} /> : null}
    </>
  );
}

/** Preparation (until), trial or a plan (until), or hidden: the subscription lifecycle of the store. */
function StoreStatus({ store }: { store: StoreRow }) {
  if (store.status === "preparation") {
    return (
      <span className="pill pill--wait" data-testid="store-status">
        <FormattedMessage id="stores.status.preparation" />
        {store.preparation_ends_at ? (
          <>
            {" · "}
            <FormattedMessage id="stores.until" values={{ date: <FormattedDate value={store.preparation_ends_at} day="numeric" month="short" /> }} />
          </>
        ) : null}
      </span>
    );
  }
  if (store.status === "active" && store.plan) {
    return (
      <span className="pill pill--ok" data-testid="store-status">
        <FormattedMessage id={`subscription.plan.${store.plan}` as MessageId} />
        {store.ends_at ? (
          <>
            {" · "}
            <FormattedMessage id="stores.until" values={{ date: <FormattedDate value={store.ends_at} day="numeric" month="short" year="numeric" /> }} />
          </>
        ) : null}
      </span>
    );
  }
  return (
    <span className="pill pill--off" data-testid="store-status">
      <FormattedMessage id="stores.status.hidden" />
    </span>
  );
}

function NewStoreDialog({ cs, onClose }: { cs: CsObject; onClose: () => void }) {
  const intl = useIntl();
  const form = useZodForm(NewStoreForm, { name: "", url_key: "" }, { live: ["url_key"] });
  const urlKey = useAvailability("store_url_key", String(form.values.url_key), { companyKey: cs.company_url_key });
  // The URL name follows the name as typed, as at registration (a taken one: -city, -2…).
  const follow = useUrlNameFollowing((v) => form.set("url_key", v), urlKey);
  const create = useCreateStore(cs.company_id);
  const unpaid = create.error instanceof ApiError && create.error.code === "unpaidBlocksNewStore";
  return (
    <FormDialog
      testId="new-store-dialog"
      title={<FormattedMessage id="stores.new" />}
      submitLabel="stores.create"
      pending={create.isPending}
      onClose={onClose}
      onSubmit={() => {
        const values = form.validate();
        if (!values) return;
        create.mutate(values, {
          onSuccess: () => {
            toast.success(intl.formatMessage({ id: "stores.created" }));
            onClose();
          },
          onError: (error) => {
            const field = apiFieldError(error, ["store_url_key"]);
            if (field) form.setFieldError("url_key", field[1]);
          },
        });
      }}
    >
      {create.error && !apiFieldError(create.error, ["store_url_key"]) ? (
        <FormAlert testId="new-store-error">
          {errorMessageFor(create.error)}
          {unpaid ? (
            <>
              {" "}
              <Link to="/$company/$store/admin-panel/subscription/payments" params={{ company: cs.company_url_key, store: cs.store_url_key }}>
                <FormattedMessage id="stores.toPayments" />
              </Link>
            </>
          ) : null}
        </FormAlert>
      ) : null}
      <p className="field__hint">
        <FormattedMessage id="stores.newLead" />
      </p>
      <TextField
        label="stores.name"
        required
        autoFocus
        {...form.bind("name")}
        onChange={(value: unknown) => {
          form.set("name", value);
          follow.nameChanged(String(value));
        }}
      />
      <TextField
        label="storeSettings.urlKey"
        prefix={`/${cs.company_url_key}/`}
        autoComplete="off"
        hint={<FormattedMessage id={follow.following && form.values.url_key ? "register.urlSuggested" : "stores.urlKeyHint"} />}
        status={form.errors.url_key ? undefined : <AvailabilityStatus status={urlKey} onSuggestion={(v) => form.set("url_key", v)} />}
        invalid={urlKey.state === "taken"}
        {...form.bind("url_key")}
        onChange={(value: unknown) => {
          form.set("url_key", value);
          follow.urlChanged(String(value));
        }}
      />
    </FormDialog>
  );
}
