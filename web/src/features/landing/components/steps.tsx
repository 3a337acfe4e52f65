import { FormattedMessage } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import { PREPARATION_DAYS } from "../data/facts";

const steps: ReadonlyArray<{ title: MessageId; text: MessageId }> = [
  { title: "landing.steps.step1.title", text: "landing.steps.step1.text" },
  { title: "landing.steps.step2.title", text: "landing.steps.step2.text" },
  { title: "landing.steps.step3.title", text: "landing.steps.step3.text" },
];

export function Steps() {
  return (
    <section className="section" aria-labelledby="steps-title">
      <div className="container">
        <header className="section__header">
          <h2 id="steps-title" className="section__title">
            <FormattedMessage id="landing.steps.title" />
          </h2>
        </header>
        <ol className="steps">
          {steps.map((step, index) => (
            <li key={step.title} className="step">
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="step__title">
                <FormattedMessage id={step.title} />
              </h3>
              <p className="step__text">
                <FormattedMessage id={step.text} />
              </p>
            </li>
          ))}
        </ol>
        <p className="steps__note">
          <FormattedMessage id="landing.steps.note" values={{ days: PREPARATION_DAYS }} />
        </p>
      </div>
    </section>
  );
}
