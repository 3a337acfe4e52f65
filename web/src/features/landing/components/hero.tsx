import { FormattedMessage } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import { TRIAL_DAYS } from "../data/facts";
import { CtaLinks } from "./cta-links";
import { CheckIcon } from "./icons";
import { PhonePreview } from "./phone-preview";

const points: MessageId[] = ["landing.hero.point1", "landing.hero.point2", "landing.hero.point3"];

export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="eyebrow">
            <FormattedMessage id="landing.hero.eyebrow" />
          </p>
          <h1 id="hero-title" className="hero__title">
            <FormattedMessage id="landing.hero.title" />
          </h1>
          <p className="hero__lead">
            <FormattedMessage id="landing.hero.lead" />
          </p>
          <CtaLinks className="hero__actions" registerLabel="landing.hero.ctaRegister" signInLabel="landing.hero.ctaSignIn" />
          <p className="hero__trial">
            <FormattedMessage id="landing.hero.trial" values={{ days: TRIAL_DAYS }} />
          </p>
          <ul className="hero__points">
            {points.map((point) => (
              <li key={point}>
                <CheckIcon />
                <FormattedMessage id={point} />
              </li>
            ))}
          </ul>
        </div>
        <PhonePreview />
      </div>
    </section>
  );
}
