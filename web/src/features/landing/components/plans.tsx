import { Link } from "@tanstack/react-router";
import { FormattedMessage } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import { TRIAL_DAYS } from "../data/facts";
import { CheckIcon } from "./icons";

type Plan = { key: string; name: MessageId; tagline: MessageId; features: MessageId[]; featured?: boolean };

/** Plan names and features only: prices live in the operator's configuration, not in the front end. */
const plans: Plan[] = [
  {
    key: "basic",
    name: "landing.plans.basic.name",
    tagline: "landing.plans.basic.tagline",
    features: [
      "landing.plans.basic.f1",
      "landing.plans.basic.f2",
      "landing.plans.basic.f3",
      "landing.plans.basic.f4",
      "landing.plans.basic.f5",
    ],
  },
  {
    key: "premium",
    name: "landing.plans.premium.name",
    tagline: "landing.plans.premium.tagline",
    featured: true,
    features: [
      "landing.plans.premium.f1",
      "landing.plans.premium.f2",
      "landing.plans.premium.f3",
      "landing.plans.premium.f4",
      "landing.plans.premium.f5",
    ],
  },
  {
    key: "unlimited",
    name: "landing.plans.unlimited.name",
    tagline: "landing.plans.unlimited.tagline",
    features: ["landing.plans.unlimited.f1", "landing.plans.unlimited.f2"],
  },
];

export function Plans() {
  return (
    <section className="section section--tinted" aria-labelledby="plans-title">
      <div className="container">
        <header className="section__header">
          <h2 id="plans-title" className="section__title">
            <FormattedMessage id="landing.plans.title" />
          </h2>
          <p className="section__subtitle">
            <FormattedMessage id="landing.plans.subtitle" values={{ days: TRIAL_DAYS }} />
          </p>
        </header>
        <ul className="plans">
          {plans.map((plan) => (
            <li key={plan.key} className={plan.featured ? "plan plan--featured" : "plan"}>
              <div className="plan__head">
                <h3 className="plan__name">
                  <FormattedMessage id={plan.name} />
                </h3>
                {plan.featured ? (
                  <span className="badge">
                    <FormattedMessage id="landing.plans.popular" />
                  </span>
                ) : null}
              </div>
              <p className="plan__tagline">
                <FormattedMessage id={plan.tagline} />
              </p>
              <ul className="plan__features">
                {plan.features.map((feature) => (
                  <li key={feature}>
                    <CheckIcon />
                    <FormattedMessage id={feature} />
                  </li>
                ))}
              </ul>
              <Link
                to="/register/organization"
                className={plan.featured ? "btn btn--primary plan__cta" : "btn btn--secondary plan__cta"}
              >
                <FormattedMessage id="landing.plans.cta" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
