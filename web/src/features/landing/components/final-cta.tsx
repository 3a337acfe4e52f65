import { Link } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import { ArrowIcon } from "./icons";

export function FinalCta() {
  return (
    <section className="section" aria-labelledby="cta-title">
      <div className="container">
        <div className="cta">
          <div>
            <h2 id="cta-title" className="cta__title">
              <FormattedMessage id="landing.cta.title" />
            </h2>
            <p className="cta__text">
              <FormattedMessage id="landing.cta.text" />
            </p>
          </div>
          <div className="cta__actions">
            <Link to="/register/organization" className="btn btn--light btn--lg">
              <FormattedMessage id="common.register" />
              <ArrowIcon />
            </Link>
            <Link to="/login" className="btn btn--outline-light btn--lg">
              <FormattedMessage id="common.signIn" />
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
