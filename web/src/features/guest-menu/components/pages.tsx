import { useEffect, useState } from "react";
import { useIntl } from "../intl";
import { reviewsOrgOf, type PublishedCategory, type PublishedIndex } from "../model";
import { RichText } from "./rich-text";
import { Foreign } from "./text-lang";

/** The polite page of a hidden menu (preparation, no active subscription). */
export function HiddenMenu({ menu }: { menu: PublishedIndex }) {
  const intl = useIntl();
  return (
    <section className="guest-hidden" data-testid="menu-hidden">
      <div className="guest-hidden__art" aria-hidden="true">
        <svg viewBox="0 0 64 64" width="72" height="72">
          <circle cx="32" cy="32" r="30" fill="var(--accent-soft)" />
          <path d="M20 38h24M22 38a10 10 0 0 1 20 0M32 24v4M18 44h28" stroke="var(--accent)" strokeWidth="3" strokeLinecap="round" fill="none" />
        </svg>
      </div>
      <h2>{intl.formatMessage({ id: "menu.hidden.title" })}</h2>
      <p>{intl.formatMessage({ id: menu.hidden === "preparation" ? "menu.hidden.preparation" : "menu.hidden.inactive" })}</p>
    </section>
  );
}

export function PromotionsPage({ menu, category }: { menu: PublishedIndex; category?: PublishedCategory }) {
  const intl = useIntl();
  const promotions = category ? menu.promotions.filter((p) => p.category_id === category.id) : [];
  return (
    <section className="promotions-page" data-testid="promotions-page">
      <h2 className="page-title">{category ? <Foreign lang={category.name_lang}>{category.name}</Foreign> : intl.formatMessage({ id: "menu.promotions" })}</h2>
      {promotions.length ? (
        <ul className="promotion-list">
          {promotions.map((p, i) => (
            <li key={p.id} className="promotion-card">
              {p.banner ? <img className="promotion-card__banner" src={`/${p.banner}`} alt="" loading={i < 2 ? "eager" : "lazy"} decoding="async" width={800} height={400} /> : null}
              <div className="promotion-card__body">
                <h3>
                  <Foreign lang={p.header_lang}>{p.header}</Foreign>
                </h3>
                <RichText ops={p.description} lang={p.description_lang} />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">{intl.formatMessage({ id: "menu.promotions.empty" })}</p>
      )}
    </section>
  );
}

/** How long the widget may take to load before the link to the venue's reviews replaces it. */
const WIDGET_TIMEOUT_MS = 8000;

/**
 * The reviews widget: our own iframe built from the stored organisation id; never pasted HTML.
 * A frame that cannot load (the service blocked or unreachable) still fires "load" with the
 * browser's error page, so the widget's address is also probed (an opaque request: it fails only
 * when the service cannot be reached); a failure or no load in time shows a link to the venue's
 * reviews on the maps service instead. The frame stays in the page, hidden, should it come later.
 */
export function ReviewsPage({ menu }: { menu: PublishedIndex }) {
  const intl = useIntl();
  const org = reviewsOrgOf(menu);
  const [state, setState] = useState<"loading" | "loaded" | "failed">("loading");
  useEffect(() => {
    if (!org) return;
    let live = true;
    const fail = () => live && setState((s) => (s === "loading" ? "failed" : s));
    const timer = setTimeout(fail, WIDGET_TIMEOUT_MS);
    fetch(widgetSrc(org), { mode: "no-cors", credentials: "omit", referrerPolicy: "no-referrer" }).catch(() => live && setState("failed"));
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [org]);
  return (
    <section className="reviews-page" data-testid="reviews-page">
      <h2 className="page-title">{intl.formatMessage({ id: "menu.reviews.title" })}</h2>
      {org ? (
        <>
          <iframe
            className="reviews-frame"
            title={intl.formatMessage({ id: "menu.reviews.frame" })}
            src={widgetSrc(org)}
            loading="lazy"
            referrerPolicy="no-referrer"
            sandbox="allow-scripts allow-same-origin allow-popups"
            hidden={state === "failed"}
            onLoad={() => setState((s) => (s === "loading" ? "loaded" : s))}
            onError={() => setState("failed")}
          />
          {state === "failed" ? (
            <p className="reviews-fallback" data-testid="reviews-fallback">
              {intl.formatMessage({ id: "menu.reviews.unavailable" })}{" "}
              <a href={`https://yandex.ru/maps/org/${org}/reviews/`} rel="noopener noreferrer">
                {intl.formatMessage({ id: "menu.reviews.onMaps" })}
              </a>
            </p>
          ) : null}
        </>
      ) : (
        <p className="empty-state" data-testid="reviews-empty">
          {intl.formatMessage({ id: "menu.reviews.empty" })}
        </p>
      )}
    </section>
  );
}

const widgetSrc = (org: string) => `https://yandex.ru/maps-reviews-widget/${org}?comments`;
