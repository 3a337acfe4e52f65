import type { ReactNode } from "react";
import { useIntl } from "../intl";
import type { PublishedCategory } from "../model";
import { useProgressiveCategories } from "../progressive";
import type { MenuType } from "../state";
import type { CategoryTree } from "../visible-menu";
import { Foreign } from "./text-lang";

/** The switch between what is served now and the whole menu. */
export function MenuTypeSwitch({ menuType, onMenuType }: { menuType: MenuType; onMenuType: (menuType: MenuType) => void }) {
  const intl = useIntl();
  return (
    <div className="menu-type" role="group" aria-label={intl.formatMessage({ id: "menu.typeLabel" })}>
      {(["actual", "full"] as const).map((t) => (
        <button key={t} type="button" aria-pressed={menuType === t} data-testid={`menu-type-${t}`} onClick={() => onMenuType(t)}>
          {intl.formatMessage({ id: `menu.type.${t}` })}
        </button>
      ))}
    </div>
  );
}

type Props = {
  tree: CategoryTree;
  /** Items per top category of the tree. */
  sizes: readonly number[];
  /** Hydrated: the rest of the categories may follow. */
  mounted: boolean;
  /** Every category has been rendered once (the page keeps it). */
  complete: boolean;
  onComplete: () => void;
  menuType: MenuType;
  renderItems: (categoryId: string) => ReactNode;
};

/** The section's categories and subcategories with their items (the first ones first), or why there are none. */
export function MenuCategories({ tree, sizes, mounted, complete, onComplete, menuType, renderItems }: Props) {
  const intl = useIntl();
  const shown = useProgressiveCategories(sizes, { start: mounted, complete, onComplete });
  const scheduleNote = (c: PublishedCategory) =>
    c.schedule?.enabled ? <p className="menu-category__note">{intl.formatMessage({ id: "menu.availableFrom" }, { start: c.schedule.start, end: c.schedule.end })}</p> : null;
  return tree.length ? (
    tree.slice(0, shown).map(({ top, children }) => (
      <section key={top.id} className="menu-category" id={`cat-${top.id}`} data-category-id={children.length ? undefined : top.id}>
        <h2 className="menu-category__title" tabIndex={-1}>
          <Foreign lang={top.name_lang}>{top.name}</Foreign>
        </h2>
        {scheduleNote(top)}
        <div className="item-list">{renderItems(top.id)}</div>
        {children.map((child) => (
          <section key={child.id} className="menu-subcategory" id={`cat-${child.id}`} data-category-id={child.id}>
            <h3 className="menu-subcategory__title" tabIndex={-1}>
              <Foreign lang={child.name_lang}>{child.name}</Foreign>
            </h3>
            {scheduleNote(child)}
            <div className="item-list">{renderItems(child.id)}</div>
          </section>
        ))}
      </section>
    ))
  ) : (
    <p className="empty-state">{intl.formatMessage({ id: menuType === "actual" ? "menu.empty.actual" : "menu.empty.section" })}</p>
  );
}
