import { useQuery } from "@tanstack/react-query";

import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { FormAlert, SubmitButton, TextField } from "@/components/form/fields";
import { useZodForm } from "@/components/form/use-zod-form";
import type { MessageId } from "@/i18n/catalogs";
import type { CsObject } from "@/lib/admin-scope";
import { isApiError } from "@/lib/api";
import { errorMessageFor, notifyError } from "@/lib/errors";
import { BillingInfo, emptyBilling, type BillingValues } from "@menu/core/billing/schemas";
import { billingQueryOptions, useSaveBilling } from "./api";
import { PageHead } from "@/components/layout/page-head";
import { usePageTitle } from "@/lib/page-title";

/** Server codes that belong to one field of the billing form. */
const FIELD_OF_CODE: Record<string, keyof BillingValues> = { vatExists: "vat_number", ibanExists: "iban" };

/** .../subscription/requisites: the company's billing details, needed before a paid plan. */
export function RequisitesPage({ cs }: { cs: CsObject }) {
  const intl = useIntl();
  const billing = useQuery(billingQueryOptions(cs.company_id));
  usePageTitle(intl.formatMessage({ id: "requisites.title" }));
  return (
    <>
      <PageHead title={<FormattedMessage id="requisites.title" />} lead={<FormattedMessage id="requisites.lead" />} />
      <section className="panel">
        {billing.isPending ? (
          <p role="status">
            <FormattedMessage id="common.loading" />
          </p>
        ) : billing.error ? (
          <FormAlert>{errorMessageFor(billing.error)}</FormAlert>
        ) : (
          <RequisitesForm cs={cs} initial={{ ...emptyBilling(), ...(billing.data ?? {}) }} />
        )}
      </section>
    </>
  );
}

function RequisitesForm({ cs, initial }: { cs: CsObject; initial: ReturnType<typeof emptyBilling> }) {
  const intl = useIntl();
  const form = useZodForm(BillingInfo, initial);
  const save = useSaveBilling(cs.company_id);
  const field = (
    name: keyof BillingValues,
    label: MessageId,
    extra: { autoComplete?: string; inputMode?: "tel" | "text" | "numeric"; hint?: MessageId; required?: boolean } = {},
  ) => {
    const { hint, required = name !== "director_middle_name", ...input } = extra;
    return <TextField label={label} required={required} hint={hint ? <FormattedMessage id={hint} /> : undefined} {...input} {...form.bind(name)} />;
  };
  return (
    <form
      className="form"
      noValidate
      data-testid="requisites-form"
      onSubmit={(e) => {
        e.preventDefault();
        const values = form.validate();
        if (!values) return;
        save.mutate(values, {
          onSuccess: (saved) => {
            form.setValues({ ...emptyBilling(), ...saved });
            toast.success(intl.formatMessage({ id: "requisites.saved" }));
          },
          onError: (error) => {
            const code = isApiError(error) ? error.code : undefined;
            const field = code ? FIELD_OF_CODE[code] : undefined;
            if (field) form.setFieldError(field, { id: `errors.api.${code}` as MessageId });
            else notifyError(error);
          },
        });
      }}
    >
      <fieldset className="sub-fieldset">
        <legend>
          <FormattedMessage id="requisites.organization" />
        </legend>
        {field("organization_name", "requisites.organizationName", { autoComplete: "organization" })}
        <div className="form__row form__row--2">
          {field("vat_number", "requisites.vatNumber", { inputMode: "numeric", autoComplete: "off", hint: "requisites.vatHint" })}
          {field("phone", "requisites.phone", { autoComplete: "tel", inputMode: "tel", hint: "requisites.phoneHint" })}
        </div>
        {field("legal_address", "requisites.legalAddress", { autoComplete: "street-address" })}
        <div className="form__row form__row--2">{field("postcode", "requisites.postcode", { autoComplete: "postal-code", inputMode: "numeric", hint: "requisites.postcodeHint" })}</div>
      </fieldset>
      <fieldset className="sub-fieldset">
        <legend>
          <FormattedMessage id="requisites.director" />
        </legend>
        <div className="form__row form__row--2">
          {field("director_last_name", "requisites.directorLastName")}
          {field("director_first_name", "requisites.directorFirstName")}
        </div>
        <div className="form__row form__row--2">
          {field("director_middle_name", "requisites.directorMiddleName")}
          {field("director_position", "requisites.directorPosition", { autoComplete: "organization-title" })}
        </div>
      </fieldset>
      <fieldset className="sub-fieldset">
        <legend>
          <FormattedMessage id="requisites.bank" />
        </legend>
        {field("bank_name", "requisites.bankName")}
        <div className="form__row form__row--2">
          {field("iban", "requisites.iban", { autoComplete: "off", hint: "requisites.ibanHint" })}
          {field("bic", "requisites.bic", { autoComplete: "off", hint: "requisites.bicHint" })}
        </div>
      </fieldset>
      <div>
        <SubmitButton pending={save.isPending} label="common.save" className="btn btn--primary" />
      </div>
    </form>
  );
}
