import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import { notifyError } from "@/lib/errors";
import { displayName, signOut, type SessionUser } from "@/lib/session";
import { LanguageSwitcher } from "./language-switcher";

export const ROLE_LABELS: Record<SessionUser["role"], MessageId> = {
  admin: "roles.admin",
  company_manager: "roles.company_manager",
  store_manager: "roles.store_manager",
};

const initials = (user: SessionUser) =>
  (displayName(user)
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2) || "?").toUpperCase();

/** The signed-in user's menu: who they are, their profile, the operator view (admins) and sign-out. */
export function UserMenu({ user, profileHref }: { user: SessionUser; profileHref?: string }) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const onSignOut = async () => {
    setPending(true);
    try {
      const url = await signOut(queryClient, "/login");
      await navigate({ href: url, replace: true });
    } catch (error) {
      notifyError(error);
      await navigate({ to: "/login", replace: true });
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="user-menu" ref={ref}>
      <button
        type="button"
        className="user-menu__button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={intl.formatMessage({ id: "userMenu.label" }, { name: displayName(user) })}
        data-testid="user-menu"
        onClick={() => setOpen((o) => !o)}
      >
        {/* The initials are drawn by CSS (attr()): a picture, not text, so the spoken name ("User menu of …") contains all the visible text. */}
        <span className="user-menu__avatar" data-initials={initials(user)} aria-hidden="true" />
        <span className="user-menu__name">{displayName(user)}</span>
        <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      {open ? (
        <div id={menuId} className="user-menu__panel">
          <div className="user-menu__who">
            <strong>{displayName(user)}</strong>
            <span>{user.email}</span>
            <span className="user-menu__role">
              <FormattedMessage id={ROLE_LABELS[user.role]} />
            </span>
          </div>
          <div className="user-menu__lang">
            <LanguageSwitcher />
          </div>
          {profileHref ? (
            <Link to={profileHref} className="user-menu__item" onClick={() => setOpen(false)}>
              <FormattedMessage id="nav.profile" />
            </Link>
          ) : null}
          {user.role === "admin" ? (
            <Link to="/operator" className="user-menu__item" onClick={() => setOpen(false)}>
              <FormattedMessage id="nav.operator" />
            </Link>
          ) : null}
          <button type="button" className="user-menu__item user-menu__item--danger" disabled={pending} onClick={() => void onSignOut()} data-testid="sign-out">
            <FormattedMessage id="nav.signOut" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
