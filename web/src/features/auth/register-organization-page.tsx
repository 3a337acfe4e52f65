import { Link } from "@tanstack/react-router";
import { RegisterOrganization } from "@menu/core/shared/account-forms";
import type { ComponentProps } from "react";
import { FormattedMessage } from "react-intl";
import { CheckboxField, FormAlert, SubmitButton, TextField } from "@/components/form/fields";
import { useZodForm } from "@/components/form/use-zod-form";
import { apiFieldError } from "@/components/form/validation";
import { errorMessageFor } from "@/lib/errors";
import { useInterfaceLanguage } from "@/i18n/language-state";
import { useRegisterOrganization } from "./api";
import { AuthLayout } from "./components/auth-layout";
import { AvailabilityField, useAvailability } from "@/components/form/availability";
import { useUrlNameFollowing } from "@/components/form/url-name-following";

const FIELDS = ["email", "company_url_key", "store_url_key"] as const;
/** URL names say what is wrong ("Only Latin letters are allowed"…) as soon as it is typed (also after "taken"). */
const URL_FIELDS = ["company_url_key", "store_url_key"] as const;
type UrlField = (typeof URL_FIELDS)[number];
const NAME_OF: Record<UrlField, "company_name" | "store_name"> = { company_url_key: "company_name", store_url_key: "store_name" };

/**
 * /register/organization: a company with its first store and its manager. E-mail and URL names are
 * checked while typed; the store starts its 3-day preparation, or with "open the menu right away"
 * ticked its trial at once (decision 105); a confirmation link is mailed. Each URL name
 * follows its name (`useUrlNameFollowing`).
 */
export function RegisterOrganizationPage() {
  const language = useInterfaceLanguage();
  const form = useZodForm(RegisterOrganization, {
    company_name: "",
    store_name: "",
    company_url_key: "",
    store_url_key: "",
    email: "",
    password: "",
    password_confirmation: "",
    ui_locale: language,
    open_now: false,
  }, { live: URL_FIELDS });
  const email = useAvailability("email", String(form.values.email));
  const companyKey = useAvailability("company_url_key", String(form.values.company_url_key));
  const storeKey = useAvailability("store_url_key", String(form.values.store_url_key));
  const follow = {
    company_url_key: useUrlNameFollowing((v) => form.set("company_url_key", v), companyKey),
    store_url_key: useUrlNameFollowing((v) => form.set("store_url_key", v), storeKey),
  };
  const nameField = (name: "company_name" | "store_name") => {
    const url = URL_FIELDS.find((f) => NAME_OF[f] === name)!;
    return {
      ...form.bind(name),
      onChange: (value: unknown) => {
        form.set(name, value);
        follow[url].nameChanged(String(value));
      },
    };
  };
  const urlField = (url: UrlField) => ({
    ...form.bind(url),
    onChange: (value: unknown) => {
      form.set(url, value);
      follow[url].urlChanged(String(value));
    },
    hint: <FormattedMessage id={follow[url].following && form.values[url] ? "register.urlSuggested" : "register.urlHint"} />,
    onSuggestion: (value: string) => form.set(url, value),
  });
  const mutation = useRegisterOrganization();
  const formError = mutation.error && !apiFieldError(mutation.error, FIELDS) ? mutation.error : undefined;
  const preview = `${window.location.host}/${String(form.values.company_url_key).toLowerCase() || "company"}/${String(form.values.store_url_key).toLowerCase() || "store"}/menu`;

  if (mutation.isSuccess) {
    return (
      <AuthLayout title="register.doneTitle">
        <div className="form">
          <FormAlert tone="success" testId="registration-done">
            <FormattedMessage id="register.done" values={{ email: <strong>{mutation.data.email}</strong> }} />
          </FormAlert>
          <p className="auth-card__note">
            <FormattedMessage id="register.preparationNote" />
          </p>
          <Link to="/login" search={{ email: mutation.data.email }} className="btn btn--primary btn--block">
            <FormattedMessage id="register.toLogin" />
          </Link>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="register.title"
      lead={<FormattedMessage id="register.lead" />}
      wide
      aside={
        <p>
          <FormattedMessage id="register.haveAccount" />{" "}
          <Link to="/login" className="link">
            <FormattedMessage id="common.signIn" />
          </Link>
        </p>
      }
    >
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const values = form.validate();
          if (!values) return;
          mutation.mutate(values, {
            onError: (error) => {
              const field = apiFieldError(error, FIELDS);
              if (field) form.setFieldError(...field);
            },
          });
        }}
      >
        {formError ? <FormAlert>{errorMessageFor(formError)}</FormAlert> : null}
        <p className="form__section-title">
          <FormattedMessage id="register.sectionVenue" />
        </p>
        <div className="form__row form__row--2">
          <TextField label="register.companyName" autoComplete="organization" required {...nameField("company_name")} />
          <UrlNameField label="register.companyUrl" availability={companyKey} {...urlField("company_url_key")} />
        </div>
        <div className="form__row form__row--2">
          <TextField label="register.storeName" autoComplete="off" required {...nameField("store_name")} />
          <UrlNameField label="register.storeUrl" availability={storeKey} {...urlField("store_url_key")} />
        </div>
        <p className="auth-card__preview">
          <FormattedMessage id="register.menuAddress" values={{ address: <code>{preview}</code> }} />
        </p>
        <p className="form__section-title">
          <FormattedMessage id="register.sectionAccount" />
        </p>
        <AvailabilityField
          label="form.email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          availability={email}
          {...form.bind("email")}
        />
        <div className="form__row form__row--2">
          <TextField label="form.password" type="password" autoComplete="new-password" required hint={<FormattedMessage id="form.passwordHint" />} {...form.bind("password")} />
          <TextField label="form.repeatPassword" type="password" autoComplete="new-password" required {...form.bind("password_confirmation")} />
        </div>
        <p className="auth-card__note">
          <FormattedMessage id="register.trialNote" />
        </p>
        <CheckboxField label="register.openNow" {...form.bind("open_now")} />
        <SubmitButton pending={mutation.isPending} label="register.submit" />
      </form>
    </AuthLayout>
  );
}

/** A company's or store's URL name: checked while typed, with the hint on the letters it takes. */
function UrlNameField(field: Omit<ComponentProps<typeof AvailabilityField>, "autoComplete" | "required">) {
  return <AvailabilityField autoComplete="off" required {...field} />;
}
