import { type ComponentType, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { formatError } from "@/lib/errors";
import { Logo } from "./logo";
import { usePageTitle } from "@/lib/page-title";

export type HomeLinkProps = { className?: string; children: ReactNode };

/** Plain anchor: used outside the router (startup failure). Inside the router pass a router Link. */
function AnchorHomeLink({ className, children }: HomeLinkProps) {
  return (
    <a href="/" className={className}>
      {children}
    </a>
  );
}

type ErrorScreenProps = {
  /** 404: the translated "Page not found" heading and a link home. */
  notFound?: boolean;
  /** Any other error: shown as formatted JSON. */
  error?: unknown;
  /** Offered on errors when the failed work can be retried (e.g. router.invalidate). */
  onRetry?: () => void;
  HomeLink?: ComponentType<HomeLinkProps>;
};

/** The error screen of SPEC section 2: a 404 page, or the error object as formatted JSON text. */
export function ErrorScreen({ notFound = false, error, onRetry, HomeLink = AnchorHomeLink }: ErrorScreenProps) {
  const intl = useIntl();
  const heading = notFound
    ? intl.formatMessage({ id: "errors.notFound.title", defaultMessage: "Page not found" })
    : intl.formatMessage({ id: "errors.somethingWentWrong", defaultMessage: "Something went wrong" });

  usePageTitle(heading);

  return (
    <main className="error-screen" data-testid="error-screen">
      <div className="error-screen__brand">
        <HomeLink className="error-screen__logo">
          <Logo />
        </HomeLink>
      </div>
      <div className={notFound ? "error-screen__card" : "error-screen__card error-screen__card--wide"}>
        {notFound ? (
          <>
            <p className="error-screen__code" aria-hidden="true">
              404
            </p>
            <h1 className="error-screen__title" data-testid="not-found-heading">
              {heading}
            </h1>
            <p className="error-screen__text">
              <FormattedMessage
                id="errors.notFound.description"
                defaultMessage="The page may have been moved or deleted, or the address has a typo."
              />
            </p>
          </>
        ) : (
          <>
            <h1 className="error-screen__title" data-testid="error-heading">
              {heading}
            </h1>
            <pre className="error-screen__details" data-testid="error-details">
              {formatError(error)}
            </pre>
          </>
        )}
        <div className="error-screen__actions">
          <HomeLink className="btn btn--primary">
            <FormattedMessage id="errors.goHome" defaultMessage="Go to home" />
          </HomeLink>
          {!notFound && onRetry ? (
            <button type="button" className="btn btn--ghost" onClick={onRetry}>
              <FormattedMessage id="errors.tryAgain" defaultMessage="Try again" />
            </button>
          ) : null}
        </div>
      </div>
    </main>
  );
}
