import { FormattedMessage, FormattedNumber, useIntl } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import { languageShortLabels, isInterfaceLocale } from "@/i18n/languages";
import { GlobeIcon } from "./icons";
import { QrArt } from "./qr-art";

type PreviewItem = {
  title: MessageId;
  amount: { unit: "grams" | "millilitres"; value: number };
  price: number;
  tone: "beet" | "berry" | "coffee";
  inCart: number;
};

const items: PreviewItem[] = [
  { title: "landing.preview.item1", amount: { unit: "grams", value: 300 }, price: 12.5, tone: "beet", inCart: 1 },
  { title: "landing.preview.item2", amount: { unit: "grams", value: 250 }, price: 9.9, tone: "berry", inCart: 0 },
  { title: "landing.preview.item3", amount: { unit: "millilitres", value: 300 }, price: 6, tone: "coffee", inCart: 2 },
];

const tabs: MessageId[] = [
  "landing.preview.tabKitchen",
  "landing.preview.tabDrinks",
  "landing.preview.tabHookahs",
  "landing.preview.tabGames",
];

const price = (value: number) => <FormattedNumber value={value} style="currency" currency="BYN" />;

/** An illustration of the guest menu on a phone, drawn with HTML/CSS (no images to download). */
export function PhonePreview() {
  const intl = useIntl();
  const catalogLocale = isInterfaceLocale(intl.locale) ? intl.locale : "ru";
  const cartCount = items.reduce((sum, item) => sum + item.inCart, 0);
  const cartTotal = items.reduce((sum, item) => sum + item.inCart * item.price, 0);

  return (
    <div className="preview" role="img" aria-label={intl.formatMessage({ id: "landing.preview.label" })}>
      <div className="phone" aria-hidden="true">
        <div className="phone__notch" />
        <div className="phone__screen">
          <div className="phone__header">
            <span className="phone__venue-logo">T</span>
            <div>
              <p className="phone__venue">
                <FormattedMessage id="landing.preview.venue" />
              </p>
              <p className="phone__table">
                <FormattedMessage id="landing.preview.table" values={{ number: 7 }} />
              </p>
            </div>
            <span className="phone__lang">
              <GlobeIcon />
              {languageShortLabels[catalogLocale]}
            </span>
          </div>
          <div className="phone__tabs">
            {tabs.map((tab, index) => (
              <span key={tab} className={index === 0 ? "phone__tab phone__tab--active" : "phone__tab"}>
                <FormattedMessage id={tab} />
              </span>
            ))}
          </div>
          <div className="phone__promo">
            <FormattedMessage id="landing.preview.promo" />
          </div>
          <ul className="phone__items">
            {items.map((item) => (
              <li key={item.title} className="phone__item">
                <span className={`phone__photo phone__photo--${item.tone}`} />
                <span className="phone__item-body">
                  <span className="phone__item-title">
                    <FormattedMessage id={item.title} />
                  </span>
                  <span className="phone__item-meta">
                    <FormattedMessage
                      id={item.amount.unit === "grams" ? "landing.preview.grams" : "landing.preview.millilitres"}
                      values={{ value: item.amount.value }}
                    />
                  </span>
                  <span className="phone__item-price">{price(item.price)}</span>
                </span>
                <span className={item.inCart ? "phone__add phone__add--active" : "phone__add"}>
                  {item.inCart ? item.inCart : "+"}
                </span>
              </li>
            ))}
          </ul>
          <div className="phone__cart">
            <span>
              <FormattedMessage id="landing.preview.cart" /> · {cartCount}
            </span>
            <strong>{price(cartTotal)}</strong>
          </div>
        </div>
      </div>
      <div className="preview__qr" aria-hidden="true">
        <QrArt className="preview__qr-art" />
        <p>
          <FormattedMessage id="landing.preview.scan" />
        </p>
      </div>
    </div>
  );
}
