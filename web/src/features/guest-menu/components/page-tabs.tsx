import type { KeyboardEvent, ReactNode, RefObject } from "react";
import { useIntl, type GuestMessageId } from "../intl";
import { pagePath, type MenuSection, type PageLinks } from "../model";

/** A link to another guest page, followed without reloading. */
function PageLink({ to, current, onGo, children }: { to: string; current?: boolean; onGo: (to: string) => void; children: ReactNode }) {
  return (
    <a
      className="tab tab--link"
      aria-current={current ? "page" : undefined}
      href={to}
      onClick={(e) => {
        e.preventDefault();
        onGo(to);
      }}
    >
      {children}
    </a>
  );
}

type Props = PageLinks & {
  menuPath: string;
  sections: readonly MenuSection[];
  section: MenuSection;
  rtl: boolean;
  tabRefs: RefObject<Map<MenuSection, HTMLButtonElement>>;
  onTabKey: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onSection: (section: MenuSection) => void;
};

/** The sticky bar's tabs: the menu's sections (or the way back to the menu), promotions, reviews. */
export function PageTabs({ page, company, storeKey, menuPath, sections, section, rtl, tabRefs, onTabKey, onSection, promotionCategories, reviewsOrg, onGo }: Props) {
  const intl = useIntl();
  return (
    <div className="tabs">
      {page.kind === "menu" ? (
        <div className="tabs__list" role="tablist" aria-label={intl.formatMessage({ id: "menu.sectionsLabel" })} data-testid="section-tabs">
          {sections.map((s) => (
            <button
              key={s}
              ref={(el) => {
                if (el) tabRefs.current.set(s, el);
                else tabRefs.current.delete(s);
              }}
              type="button"
              role="tab"
              id={`section-tab-${s}`}
              className="tab"
              aria-selected={s === section}
              aria-controls="guest-section"
              tabIndex={s === section ? 0 : -1}
              data-section={s}
              onKeyDown={onTabKey}
              onClick={() => onSection(s)}
            >
              {intl.formatMessage({ id: `menu.section.${s}` as GuestMessageId })}
            </button>
          ))}
        </div>
      ) : (
        <PageLink to={menuPath} onGo={onGo}>
          <span aria-hidden="true">{rtl ? "→" : "←"}</span> {intl.formatMessage({ id: "menu.back" })}
        </PageLink>
      )}
      {promotionCategories.length ? (
        <PageLink to={pagePath(company, storeKey, { kind: "promotions", position: promotionCategories[0]!.position })} current={page.kind === "promotions"} onGo={onGo}>
          {intl.formatMessage({ id: "menu.promotions" })}
        </PageLink>
      ) : null}
      {reviewsOrg ? (
        <PageLink to={pagePath(company, storeKey, { kind: "reviews" })} current={page.kind === "reviews"} onGo={onGo}>
          {intl.formatMessage({ id: "menu.reviews" })}
        </PageLink>
      ) : null}
    </div>
  );
}
