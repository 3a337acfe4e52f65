import { Link } from "@tanstack/react-router";
import { type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { LanguageSwitcher } from "@/components/language-switcher";
import { Logo } from "@/components/logo";
import type { MessageId } from "@/i18n/catalogs";
import "../auth.css";
import { usePageTitle } from "@/lib/page-title";

type AuthLayoutProps = {
  title: MessageId;
  titleValues?: Record<string, string>;
  lead?: ReactNode;
  children: ReactNode;
  /** Under the card: links to the other account pages. */
  aside?: ReactNode;
  wide?: boolean;
};

/** The account pages (sign-in, registration, password reset, confirmation): one centred card. */
export function AuthLayout({ title, titleValues, lead, children, aside, wide = false }: AuthLayoutProps) {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: title }, titleValues));

  return (
    <div className="auth-page">
      <header className="auth-page__header">
        <Link to="/" className="auth-page__logo" aria-label={intl.formatMessage({ id: "auth.homeLink" })}>
          <Logo />
        </Link>
        <LanguageSwitcher />
      </header>
      <main id="main" className="auth-page__main">
        <div className={wide ? "auth-card auth-card--wide" : "auth-card"}>
          <h1 className="auth-card__title">
            <FormattedMessage id={title} values={titleValues} />
          </h1>
          {lead ? <p className="auth-card__lead">{lead}</p> : null}
          {children}
        </div>
        {aside ? <div className="auth-page__aside">{aside}</div> : null}
      </main>
    </div>
  );
}

/** The aside of the pages reached from an e-mail or the sign-in form: the way back to signing in. */
export function BackToLogin() {
  return (
    <Link to="/login" className="link">
      <FormattedMessage id="auth.backToLogin" />
    </Link>
  );
}
