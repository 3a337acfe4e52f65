import { useIntl, type GuestMessageId } from "../intl";
import { WEEK_DAYS, openNow, type ZonedTime } from "@menu/core/shared/schedule";
import type { PublishedIndex } from "../model";
import { Foreign } from "./text-lang";

const dayRange = (days: readonly string[]) => {
  const idx = WEEK_DAYS.map((d, i) => (days.includes(d) ? i : -1)).filter((i) => i >= 0);
  if (!idx.length) return [];
  const ranges: [number, number][] = [];
  for (const i of idx) {
    const last = ranges.at(-1);
    if (last && last[1] === i - 1) last[1] = i;
    else ranges.push([i, i]);
  }
  return ranges;
};

/**
 * A brand word in Latin letters ("Wi-Fi") on a page whose uppercase differs from English (Turkish
 * would make "Wİ-Fİ" of it) is marked English, so the heading's uppercase follows English rules.
 * Elsewhere it stays unmarked (a page in its own language marks nothing).
 */
const DOTTED_I_LANGUAGES = ["tr", "az"];
const Brand = ({ lang, children }: { lang: string; children: string }) =>
  DOTTED_I_LANGUAGES.includes(lang) && /^[\x20-\x7e]+$/.test(children) ? (
    <span lang="en" translate="no">
      {children}
    </span>
  ) : (
    <>{children}</>
  );

/** Store info: address, phones (tel: links), hours with "open now", socials, Wi-Fi and its QR when the plan allows. */
export function StoreInfo({ menu, at }: { menu: PublishedIndex; at: ZonedTime }) {
  const intl = useIntl();
  const { store } = menu;
  const open = openNow(store.working_hours, at);
  const day = (i: number) => intl.formatMessage({ id: `menu.day.${WEEK_DAYS[i]}` as GuestMessageId });
  return (
    <section className="store-info" id="info" aria-labelledby="store-info-title" data-testid="store-info">
      <h2 id="store-info-title" className="store-info__title">
        {intl.formatMessage({ id: "menu.info" })}
      </h2>
      <div className="store-info__grid">
        {store.address ? (
          <div className="store-info__block">
            <h3>{intl.formatMessage({ id: "menu.info.address" })}</h3>
            <p>
              <Foreign lang={store.address_lang}>{store.address}</Foreign>
            </p>
          </div>
        ) : null}
        {store.working_hours.length ? (
          <div className="store-info__block">
            <h3>
              {intl.formatMessage({ id: "menu.info.hours" })}{" "}
              {open !== undefined ? (
                <span className={open ? "badge badge--open" : "badge badge--closed"} data-testid="open-now">
                  {intl.formatMessage({ id: open ? "menu.info.open" : "menu.info.closed" })}
                </span>
              ) : null}
            </h3>
            <ul className="hours">
              {store.working_hours.map((h, i) => (
                <li key={i}>
                  <span>{dayRange(h.days).map(([a, b]) => (a === b ? day(a) : `${day(a)}–${day(b)}`)).join(", ")}</span>
                  <span dir="ltr">
                    {h.open}–{h.close}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {store.phones.length ? (
          <div className="store-info__block">
            <h3>{intl.formatMessage({ id: "menu.info.phones" })}</h3>
            <ul className="phones">
              {store.phones.map((p) => (
                <li key={p.number}>
                  <a href={`tel:${p.number.replace(/[^\d+]/g, "")}`} dir="ltr">
                    {p.number}
                  </a>
                  {p.description ? (
                    <span className="phones__note">
                      {" · "}
                      <Foreign lang={p.description_lang}>{p.description}</Foreign>
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {store.socials.length ? (
          <div className="store-info__block">
            <h3>{intl.formatMessage({ id: "menu.info.social" })}</h3>
            <ul className="socials">
              {store.socials
                .filter((s) => /^https?:\/\//i.test(s.url))
                .map((s) => (
                  <li key={s.url}>
                    <a href={s.url} target="_blank" rel="noopener noreferrer">
                      {s.network}
                    </a>
                  </li>
                ))}
            </ul>
          </div>
        ) : null}
        {store.wifi ? (
          <div className="store-info__block store-info__wifi" data-testid="wifi">
            <h3>
              <Brand lang={intl.locale}>{intl.formatMessage({ id: "menu.info.wifi" })}</Brand>
            </h3>
            <dl>
              <dt>{intl.formatMessage({ id: "menu.info.wifiNetwork" })}</dt>
              <dd dir="ltr">{store.wifi.ssid}</dd>
              <dt>{intl.formatMessage({ id: "menu.info.wifiPassword" })}</dt>
              <dd dir="ltr">{store.wifi.encryption === "nopass" ? intl.formatMessage({ id: "menu.info.wifiOpen" }) : store.wifi.password}</dd>
            </dl>
            {store.wifi.qr ? (
              <figure className="wifi-qr">
                <svg viewBox={`0 0 ${store.wifi.qr.size} ${store.wifi.qr.size}`} role="img" aria-label={intl.formatMessage({ id: "menu.info.wifiScan" })}>
                  <rect width={store.wifi.qr.size} height={store.wifi.qr.size} fill="#fff" />
                  <path d={store.wifi.qr.path} stroke="#000" />
                </svg>
                <figcaption>{intl.formatMessage({ id: "menu.info.wifiScan" })}</figcaption>
              </figure>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
