import { useQuery } from "@tanstack/react-query";
import { FormattedMessage } from "react-intl";
import { FormAlert } from "@/components/form/fields";
import { useStoredUser } from "@/lib/stored-user";
import { confirmEmailQueryOptions } from "./api";
import { LinkCheckPage } from "./components/link-check-page";
import { useRedirectAfter } from "./components/use-redirect-after";

/**
 * /register/user-confirmation?token=: confirms a new account's address, or a changed address.
 * A used or expired link answers the specification's "session expired or missing".
 */
export function ConfirmationPage({ token }: { token: string }) {
  const signedIn = useStoredUser();
  const confirm = useQuery(confirmEmailQueryOptions(token));
  const next = confirm.data ? (signedIn ? "/" : "/login") : undefined;
  // SPEC section 9: 5 s to the sign-in page, 3 s back to the admin panel.
  const left = useRedirectAfter(signedIn ? 3 : 5, next);

  return (
    <LinkCheckPage title="confirm.title" check={confirm} errorTestId="confirmation-error">
      {(confirmed) => (
        <div className="form">
          <FormAlert tone="success" testId="confirmation-done">
            <FormattedMessage
              id={confirmed.kind === "email_change" ? "confirm.emailChanged" : "confirm.done"}
              values={{ email: <strong>{confirmed.email}</strong> }}
            />
          </FormAlert>
          <p className="auth-card__note">
            <FormattedMessage id={signedIn ? "confirm.redirectHome" : "confirm.redirectLogin"} values={{ seconds: left }} />
          </p>
        </div>
      )}
    </LinkCheckPage>
  );
}
