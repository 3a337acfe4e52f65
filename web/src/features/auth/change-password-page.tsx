import { Link } from "@tanstack/react-router";
import { ResetPassword } from "@menu/core/shared/account-forms";
import { FormattedMessage } from "react-intl";
import { FormAlert, SubmitButton, TextField } from "@/components/form/fields";
import { useZodForm } from "@/components/form/use-zod-form";
import { isApiError } from "@/lib/api";
import { errorMessageFor } from "@/lib/errors";
import { useResetPassword } from "./api";
import { AuthLayout, BackToLogin } from "./components/auth-layout";
import { useRedirectAfter } from "./components/use-redirect-after";

/** /change-password?token=: a new password from the e-mailed link; every session of the user ends. */
export function ChangePasswordPage({ token }: { token: string }) {
  const form = useZodForm(ResetPassword, { token, password: "", password_confirmation: "" });
  const mutation = useResetPassword();
  const left = useRedirectAfter(5, mutation.isSuccess ? "/login" : undefined);
  const expired = isApiError(mutation.error) && mutation.error.code === "passwordResetExpired";

  return (
    <AuthLayout
      title="changePassword.title"
      aside={<BackToLogin />}
    >
      {mutation.isSuccess ? (
        <FormAlert tone="success" testId="password-changed">
          <FormattedMessage id="changePassword.done" values={{ seconds: left }} />
        </FormAlert>
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const values = form.validate();
            if (values) mutation.mutate(values);
          }}
        >
          {mutation.error ? (
            <FormAlert testId="change-password-error">
              {errorMessageFor(mutation.error)}{" "}
              {expired ? (
                <Link to="/forgot-password" className="link">
                  <FormattedMessage id="changePassword.requestNew" />
                </Link>
              ) : null}
            </FormAlert>
          ) : null}
          <TextField label="form.newPassword" type="password" autoComplete="new-password" required autoFocus hint={<FormattedMessage id="form.passwordHint" />} {...form.bind("password")} />
          <TextField label="form.repeatPassword" type="password" autoComplete="new-password" required {...form.bind("password_confirmation")} />
          <SubmitButton pending={mutation.isPending} label="changePassword.submit" />
        </form>
      )}
    </AuthLayout>
  );
}
