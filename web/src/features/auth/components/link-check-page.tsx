import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { FormAlert } from "@/components/form/fields";
import type { MessageId } from "@/i18n/catalogs";
import { errorMessageFor } from "@/lib/errors";
import { AuthLayout, BackToLogin } from "./auth-layout";

/**
 * A page opened from a link in an e-mail: "checking" while the link's token is checked, why a used
 * or expired link failed, else what the page makes of the check's answer.
 */
export function LinkCheckPage<T>({ title, check, errorTestId, children }: { title: MessageId; check: UseQueryResult<T>; errorTestId: string; children: (answer: T) => ReactNode }) {
  return (
    <AuthLayout title={title} aside={<BackToLogin />}>
      {check.isPending ? (
        <p className="auth-card__lead" role="status">
          <FormattedMessage id="confirm.checking" />
        </p>
      ) : check.error ? (
        <FormAlert testId={errorTestId}>{errorMessageFor(check.error)}</FormAlert>
      ) : (
        children(check.data)
      )}
    </AuthLayout>
  );
}
