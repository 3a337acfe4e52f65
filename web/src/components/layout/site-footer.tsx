import { Link, type LinkProps } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import { Logo } from "../logo";
import "./site.css";

const legalLinks: ReadonlyArray<{ to: LinkProps["to"]; label: MessageId }> = [
  { to: "/offer", label: "footer.offer" },
  { to: "/privacy-policy", label: "footer.privacyPolicy" },
  { to: "/privacy", label: "footer.privacy" },
  { to: "/user-agreement", label: "footer.userAgreement" },
  { to: "/service-contacts", label: "footer.contacts" },
];

/** Footer of the public pages with the legal documents and contacts. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Logo />
          <p className="site-footer__tagline">
            <FormattedMessage id="footer.tagline" />
          </p>
        </div>
        <nav aria-labelledby="footer-docs-heading" className="site-footer__nav">
          <h2 id="footer-docs-heading" className="visually-hidden">
            <FormattedMessage id="footer.documents" />
          </h2>
          <ul className="site-footer__links">
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>
                  <FormattedMessage id={link.label} />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__copy">
          <FormattedMessage id="footer.copyright" values={{ year }} />
        </p>
      </div>
    </footer>
  );
}
