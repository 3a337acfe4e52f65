import { useQuery } from "@tanstack/react-query";
import { AcceptInvitation } from "@menu/core/shared/account-forms";
import { FormattedMessage } from "react-intl";
import { FormAlert, SubmitButton, TextField } from "@/components/form/fields";
import { useZodForm } from "@/components/form/use-zod-form";
import { errorMessageFor } from "@/lib/errors";
import { invitationQueryOptions, useAcceptInvitation } from "./api";
import { LinkCheckPage } from "./components/link-check-page";
import { useRedirectAfter } from "./components/use-redirect-after";

type Invitation = { email: string; first_name: string; last_name: string; company_name: string; has_password: boolean };

/** /register/user?token=: a user invited by a manager confirms the address and chooses a password. */
export function RegisterUserPage({ token }: { token: string }) {
  const invitation = useQuery(invitationQueryOptions(token));
  return (
    <LinkCheckPage title="invite.title" check={invitation} errorTestId="invitation-error">
      {(answer) => <InvitationForm token={token} invitation={answer} />}
    </LinkCheckPage>
  );
}

function InvitationForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const form = useZodForm(AcceptInvitation, {
    token,
    first_name: invitation.first_name,
    last_name: invitation.last_name,
    password: "",
    password_confirmation: "",
  });
  const mutation = useAcceptInvitation();
  const left = useRedirectAfter(5, mutation.isSuccess ? `/login?email=${encodeURIComponent(invitation.email)}` : undefined);

  if (mutation.isSuccess) {
    return (
      <FormAlert tone="success" testId="invitation-done">
        <FormattedMessage id="invite.done" values={{ seconds: left }} />
      </FormAlert>
    );
  }
  return (
    <form
      className="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const values = form.validate();
        if (!values) return;
        if (!invitation.has_password && !values.password) {
          form.setFieldError("password", { id: "validation.required" });
          return;
        }
        mutation.mutate(values);
      }}
    >
      <p className="auth-card__lead">
        <FormattedMessage id="invite.lead" values={{ company: <strong>{invitation.company_name}</strong> }} />
      </p>
      {mutation.error ? <FormAlert>{errorMessageFor(mutation.error)}</FormAlert> : null}
      <TextField label="form.email" type="email" readOnly name="email" value={invitation.email} onChange={() => {}} />
      <div className="form__row form__row--2">
        <TextField label="form.firstName" autoComplete="given-name" {...form.bind("first_name")} />
        <TextField label="form.lastName" autoComplete="family-name" {...form.bind("last_name")} />
      </div>
      <TextField
        label={invitation.has_password ? "invite.passwordOptional" : "form.password"}
        type="password"
        autoComplete="new-password"
        hint={<FormattedMessage id={invitation.has_password ? "invite.passwordKeepHint" : "form.passwordHint"} />}
        {...form.bind("password")}
      />
      <TextField label="form.repeatPassword" type="password" autoComplete="new-password" {...form.bind("password_confirmation")} />
      <SubmitButton pending={mutation.isPending} label="invite.submit" />
    </form>
  );
}
