import { Link } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import { ArrowIcon } from "./icons";

/** The two calls to action, register (with an arrow) and sign in; light buttons on the dark closing band. */
export function CtaLinks({ className, registerLabel, signInLabel, onDark = false }: { className: string; registerLabel: MessageId; signInLabel: MessageId; onDark?: boolean }) {
  return (
    <div className={className}>
      <Link to="/register/organization" className={`btn ${onDark ? "btn--light" : "btn--primary"} btn--lg`}>
        <FormattedMessage id={registerLabel} />
        <ArrowIcon />
      </Link>
      <Link to="/login" className={`btn ${onDark ? "btn--outline-light" : "btn--secondary"} btn--lg`}>
        <FormattedMessage id={signInLabel} />
      </Link>
    </div>
  );
}
