import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import type { SessionUser } from "@/lib/session";
import { LanguageSwitcher } from "../language-switcher";
import { Logo } from "../logo";
import { LanguageMenu } from "./language-menu";
import { UserMenu } from "../user-menu";
import "./site.css";
import "./staff.css";

type StaffHeaderProps = {
  user: SessionUser;
  homeHref: string;
  /** Company and store, the store switcher. */
  context?: ReactNode;
  /** Section tabs under the bar. */
  nav?: ReactNode;
  profileHref?: string;
};

/** Header of the staff pages (admin panel, operator view): where you are, language, who you are. */
export function StaffHeader({ user, homeHref, context, nav, profileHref }: StaffHeaderProps) {
  const intl = useIntl();
  return (
    <header className="staff-header">
      <div className="staff-header__bar">
        <Link to={homeHref} className="staff-header__logo">
          <Logo />
          <span className="visually-hidden">{intl.formatMessage({ id: "nav.home" })}</span>
        </Link>
        {context ? <div className="staff-header__context">{context}</div> : <span className="staff-header__spacer" />}
        <div className="staff-header__actions">
          <LanguageSwitcher className="staff-header__lang" />
          <LanguageMenu className="staff-header__lang-menu" />
          <UserMenu user={user} profileHref={profileHref} />
        </div>
      </div>
      {nav ? (
        <nav className="staff-nav" aria-label={intl.formatMessage({ id: "nav.sections" })}>
          <div className="staff-nav__inner">{nav}</div>
        </nav>
      ) : null}
    </header>
  );
}
