import { Link } from "@tanstack/react-router";
import { SignInForm } from "@menu/core/shared/account-forms";
import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from "react";
import { FormattedMessage } from "react-intl";
import { CheckboxField, FormAlert, SubmitButton, TextField } from "@/components/form/fields";
import { useZodForm } from "@/components/form/use-zod-form";
import type { MessageId } from "@/i18n/catalogs";
import { isApiError } from "@/lib/api";
import { errorMessageFor } from "@/lib/errors";
import { useRequestSignInLink, useSignIn } from "./api";
import { dropBootSignIn, readBootSignIn } from "./boot-form";
import { AuthLayout } from "./components/auth-layout";

const NOTICES: Record<string, MessageId> = {
  incorrectLogin: "errors.api.incorrectLogin",
  tooManyAttempts: "errors.api.tooManyAttempts",
  emailNotConfirmed: "errors.api.emailNotConfirmed",
  csrfInvalid: "errors.api.csrfInvalid",
};

/** Sign-in with e-mail, password and "remember me"; back to the page that asked for it. */
export function LoginPage({ redirect, error, email = "" }: { redirect?: string; error?: string; email?: string }) {
  // What was typed into the form of index.html before the app had started (point 3 of issue 15).
  const [boot] = useState(readBootSignIn);
  const form = useZodForm(SignInForm, { email: boot?.email || email, password: boot?.password ?? "", remember: boot?.remember ?? false });
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useSignIn(redirect);
  const link = useRequestSignInLink();
  // The button goes once the link is sent: focus moves to what it says, not to the page's start.
  const sentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (link.isSuccess) sentRef.current?.focus();
  }, [link.isSuccess]);

  const submit = () => {
    const values = form.validate();
    if (values) mutation.mutate(values);
  };

  /**
   * Takes over from the form of index.html in the same frame (no flash): the values typed until
   * now, the focus and caret, and a submit pressed meanwhile, which is sent now.
   */
  const adoptBootForm = useEffectEvent(() => {
    const now = readBootSignIn();
    if (!now) return;
    dropBootSignIn();
    form.setValues({ email: now.email || email, password: now.password, remember: now.remember });
    // The focus stays in the field being typed in (the email field when none was).
    const field = formRef.current?.elements.namedItem(now.focus?.name ?? "email");
    if (field instanceof HTMLInputElement) {
      field.focus();
      if (now.focus?.start != null) field.setSelectionRange(now.focus.start, now.focus.end ?? now.focus.start);
    }
    if (now.submitted) submit();
  });
  useLayoutEffect(() => adoptBootForm(), []);

  const failure = mutation.error ?? (error ? { code: error } : undefined);
  const code = isApiError(failure) ? failure.code : (failure as { code?: string } | undefined)?.code;
  const notConfirmed = code === "emailNotConfirmed";
  // Limited for this (unknown) device: the owner can still get in with a mailed one-time link.
  const limited = code === "tooManyAttempts";
  const sendLink = () => {
    const values = form.validate();
    if (values) link.mutate({ email: values.email });
  };

  return (
    <AuthLayout
      title="login.title"
      lead={<FormattedMessage id="login.lead" />}
      aside={
        <p>
          <FormattedMessage id="login.noAccount" />{" "}
          <Link to="/register/organization" className="link">
            <FormattedMessage id="login.registerLink" />
          </Link>
        </p>
      }
    >
      <form
        ref={formRef}
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {failure && !link.isSuccess ? (
          <FormAlert tone={notConfirmed ? "info" : "error"} testId="login-error">
            {code && NOTICES[code] ? <FormattedMessage id={NOTICES[code]} /> : errorMessageFor(failure)}
            {limited ? (
              <p className="form-alert__more">
                <FormattedMessage id="login.linkOffer" />
              </p>
            ) : null}
          </FormAlert>
        ) : null}
        {limited && !link.isSuccess ? (
          <>
            {link.error ? <FormAlert testId="login-link-error">{errorMessageFor(link.error)}</FormAlert> : null}
            <button type="button" className="btn btn--secondary btn--block" data-testid="login-send-link" disabled={link.isPending} aria-busy={link.isPending} onClick={sendLink}>
              <FormattedMessage id="login.linkSend" />
            </button>
          </>
        ) : null}
        {link.isSuccess ? (
          <div ref={sentRef} tabIndex={-1}>
            <FormAlert tone="success" testId="login-link-sent">
              <FormattedMessage id="login.linkSent" values={{ email: <strong>{link.data.email}</strong> }} />
            </FormAlert>
          </div>
        ) : null}
        <TextField label="form.email" type="email" autoComplete="username" inputMode="email" required autoFocus={!boot} {...form.bind("email")} />
        <TextField label="form.password" type="password" autoComplete="current-password" required {...form.bind("password")} />
        <div className="auth-row">
          <CheckboxField label="login.remember" {...form.bind("remember")} />
          <Link to="/forgot-password" className="link auth-row__link">
            <FormattedMessage id="login.forgot" />
          </Link>
        </div>
        <SubmitButton pending={mutation.isPending} label="login.submit" />
      </form>
    </AuthLayout>
  );
}
