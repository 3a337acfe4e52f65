import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import { CocktailIcon, CupIcon, HookahIcon, UtensilsIcon } from "./icons";

const venues: ReadonlyArray<{ key: string; icon: ReactNode; title: MessageId; text: MessageId }> = [
  {
    key: "restaurants",
    icon: <UtensilsIcon />,
    title: "landing.audience.restaurants.title",
    text: "landing.audience.restaurants.text",
  },
  { key: "cafes", icon: <CupIcon />, title: "landing.audience.cafes.title", text: "landing.audience.cafes.text" },
  { key: "bars", icon: <CocktailIcon />, title: "landing.audience.bars.title", text: "landing.audience.bars.text" },
  { key: "hookah", icon: <HookahIcon />, title: "landing.audience.hookah.title", text: "landing.audience.hookah.text" },
];

export function Audience() {
  return (
    <section className="section" aria-labelledby="audience-title">
      <div className="container">
        <header className="section__header">
          <h2 id="audience-title" className="section__title">
            <FormattedMessage id="landing.audience.title" />
          </h2>
          <p className="section__subtitle">
            <FormattedMessage id="landing.audience.subtitle" />
          </p>
        </header>
        <ul className="venues">
          {venues.map((venue) => (
            <li key={venue.key} className="venue">
              <span className="venue__icon">{venue.icon}</span>
              <h3 className="venue__title">
                <FormattedMessage id={venue.title} />
              </h3>
              <p className="venue__text">
                <FormattedMessage id={venue.text} />
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
