import { useQuery } from "@tanstack/react-query";
import { ChangeEmail, ChangePassword, UpdateProfile } from "@menu/core/shared/account-forms";
import { type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { FormAlert, SelectField, SubmitButton, TextField } from "@/components/form/fields";
import { useZodForm } from "@/components/form/use-zod-form";
import { apiFieldError } from "@/components/form/validation";
import "@/components/layout/staff.css";
import { ROLE_LABELS } from "@/components/user-menu";
import type { MessageId } from "@/i18n/catalogs";
import { interfaceLocales, languageNames } from "@/i18n/languages";
import { errorMessageFor } from "@/lib/errors";
import { meQueryOptions, type SessionUser } from "@/lib/session";
import { useCancelEmailChange, useChangePassword, useRequestEmailChange, useSaveLanguage, useSaveNames } from "./api";
import "./profile.css";
import { PageHead } from "@/components/layout/page-head";
import { usePageTitle } from "@/lib/page-title";

/** settings/profile: own names, interface language, e-mail (confirmed by the new address) and password. */
export function ProfilePage({ initialUser }: { initialUser: SessionUser }) {
  const intl = useIntl();
  const me = useQuery(meQueryOptions());
  const user = me.data ?? initialUser;
  usePageTitle(intl.formatMessage({ id: "profile.title" }));
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

/** One panel of the page: a titled form of its own with its submit button under the fields. */
function ProfileSection({
  id,
  title,
  lead,
  submitLabel,
  pending,
  onSubmit,
  children,
}: {
  id: string;
  title: MessageId;
  lead: ReactNode;
  submitLabel: MessageId;
  pending: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id} className="panel__title">
        <FormattedMessage id={title} />
      </h2>
      <p className="panel__lead">{lead}</p>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <div>
          <SubmitButton pending={pending} label={submitLabel} className="btn btn--primary" />
        </div>
      </form>
    </section>
  );
}

function NamesSection({ user }: { user: SessionUser }) {
  const intl = useIntl();
  const form = useZodForm(UpdateProfile, { first_name: user.first_name, last_name: user.last_name });
  const save = useSaveNames(user);
  return (
    <ProfileSection
      id="profile-names"
      title="profile.namesTitle"
      lead={<FormattedMessage id="profile.namesLead" />}
      submitLabel="common.save"
      pending={save.isPending}
      onSubmit={() => {
        const values = form.validate();
        if (!values) return;
        save.mutate({ first_name: values.first_name, last_name: values.last_name }, { onSuccess: () => toast.success(intl.formatMessage({ id: "profile.saved" })) });
      }}
    >
      <div className="form__row form__row--2">
        <TextField label="form.firstName" autoComplete="given-name" {...form.bind("first_name")} />
        <TextField label="form.lastName" autoComplete="family-name" {...form.bind("last_name")} />
      </div>
    </ProfileSection>
  );
}

function LanguageSection({ user }: { user: SessionUser }) {
  const intl = useIntl();
  const form = useZodForm(UpdateProfile, { ui_locale: user.ui_locale });
  const save = useSaveLanguage(user);
  return (
    <ProfileSection
      id="profile-language"
      title="profile.languageTitle"
      lead={<FormattedMessage id="profile.languageLead" />}
      submitLabel="common.save"
      pending={save.isPending}
      onSubmit={() => {
        const values = form.validate();
        if (values?.ui_locale) save.mutate(values.ui_locale, { onSuccess: () => toast.success(intl.formatMessage({ id: "profile.saved" })) });
      }}
    >
      <SelectField label="profile.language" options={interfaceLocales.map((l) => ({ value: l, label: languageNames[l] }))} {...form.bind("ui_locale")} />
    </ProfileSection>
  );
}

const EMAIL_FIELDS = ["email", "current_password"] as const;

function EmailSection({ user }: { user: SessionUser }) {
  const intl = useIntl();
  const form = useZodForm(ChangeEmail, { email: "", current_password: "" });
  const request = useRequestEmailChange(user);
  const cancel = useCancelEmailChange(user);
  const formError = request.error && !apiFieldError(request.error, EMAIL_FIELDS) ? request.error : undefined;
  return (
    <ProfileSection
      id="profile-email"
      title="profile.emailTitle"
      lead={<FormattedMessage id="profile.emailCurrent" values={{ email: <strong>{user.email}</strong> }} />}
      submitLabel="profile.emailSubmit"
      pending={request.isPending}
      onSubmit={() => {
        const values = form.validate();
        if (!values) return;
        request.mutate(values, {
          onSuccess: ({ pending_email }) => {
            form.setValues({ email: "", current_password: "" });
            toast.success(intl.formatMessage({ id: "profile.emailSent" }, { email: pending_email }));
          },
          onError: (error) => {
            const field = apiFieldError(error, EMAIL_FIELDS);
            if (field) form.setFieldError(...field);
          },
        });
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
    </ProfileSection>
  );
}

const PASSWORD_FIELDS = ["current_password"] as const;

function PasswordSection() {
  const intl = useIntl();
  const form = useZodForm(ChangePassword, { current_password: "", password: "", password_confirmation: "" });
  const change = useChangePassword();
  const formError = change.error && !apiFieldError(change.error, PASSWORD_FIELDS) ? change.error : undefined;
  return (
    <ProfileSection
      id="profile-password"
      title="profile.passwordTitle"
      lead={<FormattedMessage id="profile.passwordLead" />}
      submitLabel="profile.passwordSubmit"
      pending={change.isPending}
      onSubmit={() => {
        const values = form.validate();
        if (!values) return;
        change.mutate(values, {
          onSuccess: () => {
            form.setValues({ current_password: "", password: "", password_confirmation: "" });
            toast.success(intl.formatMessage({ id: "profile.passwordChanged" }));
          },
          onError: (error) => {
            const field = apiFieldError(error, PASSWORD_FIELDS);
            if (field) form.setFieldError(...field);
          },
        });
      }}
    >
      {formError ? <FormAlert>{errorMessageFor(formError)}</FormAlert> : null}
      <TextField label="form.currentPassword" type="password" autoComplete="current-password" {...form.bind("current_password")} />
      <div className="form__row form__row--2">
        <TextField label="form.newPassword" type="password" autoComplete="new-password" hint={<FormattedMessage id="form.passwordHint" />} {...form.bind("password")} />
        <TextField label="form.repeatPassword" type="password" autoComplete="new-password" {...form.bind("password_confirmation")} />
      </div>
    </ProfileSection>
  );
}
