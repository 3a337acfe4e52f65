import { FormattedMessage } from "react-intl";
import { CtaLinks } from "./cta-links";

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
          <CtaLinks className="cta__actions" registerLabel="common.register" signInLabel="common.signIn" onDark />
        </div>
      </div>
    </section>
  );
}
