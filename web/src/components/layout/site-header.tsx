import { Link } from "@tanstack/react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { LanguageSwitcher } from "../language-switcher";
import { Logo } from "../logo";
import "./site.css";

/** Header of the public (guest) pages: logo, language switch, sign in and register. */
export function SiteHeader() {
  const intl = useIntl();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="site-header__logo">
          <Logo />
        </Link>
        <nav className="site-header__actions" aria-label={intl.formatMessage({ id: "header.navLabel" })}>
          <LanguageSwitcher />
          <Link to="/login" className="btn btn--ghost btn--sm">
            <FormattedMessage id="common.signIn" />
          </Link>
          <Link to="/register/organization" className="btn btn--primary btn--sm site-header__register">
            <FormattedMessage id="common.register" />
          </Link>
        </nav>
      </div>
    </header>
  );
}
