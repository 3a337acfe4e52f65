import { ForgotPassword } from "@menu/core/shared/account-forms";
import { FormattedMessage } from "react-intl";
import { FormAlert, SubmitButton, TextField } from "@/components/form/fields";
import { useZodForm } from "@/components/form/use-zod-form";
import { apiFieldError } from "@/components/form/validation";
import { errorMessageFor } from "@/lib/errors";
import { useForgotPassword } from "./api";
import { AuthLayout, BackToLogin } from "./components/auth-layout";

/** /forgot-password: mails a single-use link to set a new password. */
export function ForgotPasswordPage() {
  const form = useZodForm(ForgotPassword, { email: "" });
  const mutation = useForgotPassword();
  const formError = mutation.error && !apiFieldError(mutation.error, ["email"]) ? mutation.error : undefined;

  return (
    <AuthLayout
      title="forgot.title"
      lead={<FormattedMessage id="forgot.lead" />}
      aside={<BackToLogin />}
    >
      {mutation.isSuccess ? (
        <FormAlert tone="success" testId="forgot-sent">
          <FormattedMessage id="forgot.sent" values={{ email: <strong>{mutation.data.email}</strong> }} />
        </FormAlert>
      ) : (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const values = form.validate();
            if (!values) return;
            mutation.mutate(values, {
              onError: (error) => {
                const field = apiFieldError(error, ["email"]);
                if (field) form.setFieldError(...field);
              },
            });
          }}
        >
          {formError ? <FormAlert>{errorMessageFor(formError)}</FormAlert> : null}
          <TextField label="form.email" type="email" autoComplete="email" inputMode="email" required autoFocus {...form.bind("email")} />
          <SubmitButton pending={mutation.isPending} label="forgot.submit" />
        </form>
      )}
    </AuthLayout>
  );
}
