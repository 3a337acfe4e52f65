import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChangeEmail, ChangePassword, UpdateProfile } from "@menu/core/auth/schemas";
import { useSetAtom } from "jotai";
import { useEffect } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { FormAlert, SelectField, SubmitButton, TextField } from "@/components/form/fields";
import { useZodForm } from "@/components/form/use-zod-form";
import { apiFieldError } from "@/components/form/validation";
import "@/components/layout/staff.css";
import { ROLE_LABELS } from "@/components/user-menu";
import { interfaceLocales, languageNames, type InterfaceLocale } from "@/i18n/languages";
import { api, unwrap } from "@/lib/api";
import { errorMessageFor } from "@/lib/errors";
import { meQueryKey, meQueryOptions, type SessionUser } from "@/lib/session";
import { setDefaultLanguageAtom } from "@/state/language";
import { appStore } from "@/state/store";
import { storedUserAtom } from "@/state/user";
import "./profile.css";
import { PageHead } from "@/components/layout/page-head";

/** Keeps the cached and the persisted user in step after a change. */
function useRemember() {
  const queryClient = useQueryClient();
  return (user: SessionUser) => {
    queryClient.setQueryData(meQueryKey, user);
    appStore.set(storedUserAtom, user);
  };
}

/** settings/profile: own names, interface language, e-mail (confirmed by the new address) and password. */
export function ProfilePage({ initialUser }: { initialUser: SessionUser }) {
  const intl = useIntl();
  const me = useQuery(meQueryOptions());
  const user = me.data ?? initialUser;
  useEffect(() => {
    document.title = `${intl.formatMessage({ id: "profile.title" })} — QR Menu`;
  }, [intl]);
  return (
    <>
      <PageHead title={<FormattedMessage id="profile.title" />} lead={<>{user.email} · <FormattedMessage id={ROLE_LABELS[user.role]} /></>} />
      <div className="profile-grid">
        <NamesSection user={user} />
        <LanguageSection user={user} />
        <EmailSection user={user} />
        <PasswordSection />
      </div>
    </>
  );
}

function NamesSection({ user }: { user: SessionUser }) {
  const intl = useIntl();
  const remember = useRemember();
  const form = useZodForm(UpdateProfile, { first_name: user.first_name, last_name: user.last_name });
  const save = useMutation({
    mutationFn: (json: { first_name?: string; last_name?: string }) => unwrap(api.api.me.$patch({ json })),
    onSuccess: (updated) => {
      remember({ ...user, ...updated });
      toast.success(intl.formatMessage({ id: "profile.saved" }));
    },
  });
  return (
    <section className="panel" aria-labelledby="profile-names">
      <h2 id="profile-names" className="panel__title">
        <FormattedMessage id="profile.namesTitle" />
      </h2>
      <p className="panel__lead">
        <FormattedMessage id="profile.namesLead" />
      </p>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const values = form.validate();
          if (values) save.mutate({ first_name: values.first_name, last_name: values.last_name });
        }}
      >
        <div className="form__row form__row--2">
          <TextField label="form.firstName" autoComplete="given-name" {...form.bind("first_name")} />
          <TextField label="form.lastName" autoComplete="family-name" {...form.bind("last_name")} />
        </div>
        <div>
          <SubmitButton pending={save.isPending} label="common.save" className="btn btn--primary" />
        </div>
      </form>
    </section>
  );
}

function LanguageSection({ user }: { user: SessionUser }) {
  const intl = useIntl();
  const remember = useRemember();
  const setLanguage = useSetAtom(setDefaultLanguageAtom);
  const form = useZodForm(UpdateProfile, { ui_locale: user.ui_locale });
  const save = useMutation({
    mutationFn: (ui_locale: InterfaceLocale) => unwrap(api.api.me.$patch({ json: { ui_locale } })),
    onSuccess: async (updated) => {
      await setLanguage(updated.ui_locale);
      remember({ ...user, ...updated });
      toast.success(intl.formatMessage({ id: "profile.saved" }));
    },
  });
  return (
    <section className="panel" aria-labelledby="profile-language">
      <h2 id="profile-language" className="panel__title">
        <FormattedMessage id="profile.languageTitle" />
      </h2>
      <p className="panel__lead">
        <FormattedMessage id="profile.languageLead" />
      </p>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const values = form.validate();
          if (values?.ui_locale) save.mutate(values.ui_locale);
        }}
      >
        <SelectField
          label="profile.language"
          options={interfaceLocales.map((l) => ({ value: l, label: languageNames[l] }))}
          {...form.bind("ui_locale")}
        />
        <div>
          <SubmitButton pending={save.isPending} label="common.save" className="btn btn--primary" />
        </div>
      </form>
    </section>
  );
}

function EmailSection({ user }: { user: SessionUser }) {
  const intl = useIntl();
  const remember = useRemember();
  const form = useZodForm(ChangeEmail, { email: "", current_password: "" });
  const request = useMutation({
    mutationFn: (json: { email: string; current_password: string }) => unwrap(api.api.me.email.$post({ json })),
    meta: { silentError: true },
    onSuccess: ({ pending_email }) => {
      remember({ ...user, pending_email });
      form.setValues({ email: "", current_password: "" });
      toast.success(intl.formatMessage({ id: "profile.emailSent" }, { email: pending_email }));
    },
    onError: (error) => {
      const field = apiFieldError(error, ["email", "current_password"]);
      if (field) form.setFieldError(...field);
    },
  });
  const cancel = useMutation({
    mutationFn: () => unwrap(api.api.me.email.$delete()),
    onSuccess: (updated) => remember({ ...user, ...updated, pending_email: undefined }),
  });
  const formError = request.error && !apiFieldError(request.error, ["email", "current_password"]) ? request.error : undefined;
  return (
    <section className="panel" aria-labelledby="profile-email">
      <h2 id="profile-email" className="panel__title">
        <FormattedMessage id="profile.emailTitle" />
      </h2>
      <p className="panel__lead">
        <FormattedMessage id="profile.emailCurrent" values={{ email: <strong>{user.email}</strong> }} />
      </p>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const values = form.validate();
          if (values) request.mutate(values);
        }}
      >
        {user.pending_email ? (
          <FormAlert tone="info" testId="pending-email">
            <FormattedMessage id="profile.emailPending" values={{ email: <strong>{user.pending_email}</strong> }} />{" "}
            <button type="button" className="link-button" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              <FormattedMessage id="profile.emailCancel" />
            </button>
          </FormAlert>
        ) : null}
        {formError ? <FormAlert>{errorMessageFor(formError)}</FormAlert> : null}
        <TextField label="profile.newEmail" type="email" autoComplete="email" inputMode="email" {...form.bind("email")} />
        <TextField label="form.currentPassword" type="password" autoComplete="current-password" {...form.bind("current_password")} />
        <div>
          <SubmitButton pending={request.isPending} label="profile.emailSubmit" className="btn btn--primary" />
        </div>
      </form>
    </section>
  );
}

function PasswordSection() {
  const intl = useIntl();
  const form = useZodForm(ChangePassword, { current_password: "", password: "", password_confirmation: "" });
  const change = useMutation({
    mutationFn: (json: { current_password: string; password: string; password_confirmation: string }) =>
      unwrap(api.api.me.password.$post({ json })),
    meta: { silentError: true },
    onSuccess: () => {
      form.setValues({ current_password: "", password: "", password_confirmation: "" });
      toast.success(intl.formatMessage({ id: "profile.passwordChanged" }));
    },
    onError: (error) => {
      const field = apiFieldError(error, ["current_password"]);
      if (field) form.setFieldError(...field);
    },
  });
  const formError = change.error && !apiFieldError(change.error, ["current_password"]) ? change.error : undefined;
  return (
    <section className="panel" aria-labelledby="profile-password">
      <h2 id="profile-password" className="panel__title">
        <FormattedMessage id="profile.passwordTitle" />
      </h2>
      <p className="panel__lead">
        <FormattedMessage id="profile.passwordLead" />
      </p>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const values = form.validate();
          if (values) change.mutate(values);
        }}
      >
        {formError ? <FormAlert>{errorMessageFor(formError)}</FormAlert> : null}
        <TextField label="form.currentPassword" type="password" autoComplete="current-password" {...form.bind("current_password")} />
        <div className="form__row form__row--2">
          <TextField label="form.newPassword" type="password" autoComplete="new-password" hint={<FormattedMessage id="form.passwordHint" />} {...form.bind("password")} />
          <TextField label="form.repeatPassword" type="password" autoComplete="new-password" {...form.bind("password_confirmation")} />
        </div>
        <div>
          <SubmitButton pending={change.isPending} label="profile.passwordSubmit" className="btn btn--primary" />
        </div>
      </form>
    </section>
  );
}
