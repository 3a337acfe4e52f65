import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import { CartIcon, ChartIcon, ClockIcon, GlobeIcon, PencilIcon, QrIcon, TagIcon, WifiIcon } from "./icons";

type Feature = { key: string; icon: ReactNode; title: MessageId; text: MessageId };

const features: Feature[] = [
  { key: "qr", icon: <QrIcon />, title: "landing.features.qr.title", text: "landing.features.qr.text" },
  {
    key: "languages",
    icon: <GlobeIcon />,
    title: "landing.features.languages.title",
    text: "landing.features.languages.text",
  },
  {
    key: "promotions",
    icon: <TagIcon />,
    title: "landing.features.promotions.title",
    text: "landing.features.promotions.text",
  },
  { key: "cart", icon: <CartIcon />, title: "landing.features.cart.title", text: "landing.features.cart.text" },
  {
    key: "schedule",
    icon: <ClockIcon />,
    title: "landing.features.schedule.title",
    text: "landing.features.schedule.text",
  },
  { key: "admin", icon: <PencilIcon />, title: "landing.features.admin.title", text: "landing.features.admin.text" },
  {
    key: "wifi",
    icon: <WifiIcon />,
    title: "landing.features.wifiReviews.title",
    text: "landing.features.wifiReviews.text",
  },
  {
    key: "export",
    icon: <ChartIcon />,
    title: "landing.features.exportAnalytics.title",
    text: "landing.features.exportAnalytics.text",
  },
];

export function Features() {
  return (
    <section className="section section--tinted" aria-labelledby="features-title">
      <div className="container">
        <header className="section__header">
          <h2 id="features-title" className="section__title">
            <FormattedMessage id="landing.features.title" />
          </h2>
          <p className="section__subtitle">
            <FormattedMessage id="landing.features.subtitle" />
          </p>
        </header>
        <ul className="features">
          {features.map((feature) => (
            <li key={feature.key} className="feature">
              <span className="feature__icon">{feature.icon}</span>
              <h3 className="feature__title">
                <FormattedMessage id={feature.title} />
              </h3>
              <p className="feature__text">
                <FormattedMessage id={feature.text} />
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
