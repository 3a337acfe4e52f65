import { useEffect, useRef } from "react";
import { FormattedMessage } from "react-intl";
import { FormAlert } from "@/components/form/fields";
import { errorMessageFor } from "@/lib/errors";
import { useSignInWithLink } from "./api";
import { AuthLayout, BackToLogin } from "./components/auth-layout";

/**
 * /login/link?token=: the mailed one-time sign-in link (an account limited for new devices). Signs
 * in on this device once, then on to the user's start page; a used or expired link says so.
 */
export function SignInLinkPage({ token }: { token: string }) {
  const mutation = useSignInWithLink();
  // Once per page, even when React runs the effect twice: the link works only once.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutation.mutate(token);
  }, [mutation, token]);

  return (
    <AuthLayout title="login.linkTitle" aside={<BackToLogin />}>
      {mutation.error ? (
        <FormAlert testId="sign-in-link-error">{errorMessageFor(mutation.error)}</FormAlert>
      ) : (
        <p className="auth-card__lead" role="status">
          <FormattedMessage id="login.linkSigningIn" />
        </p>
      )}
    </AuthLayout>
  );
}
