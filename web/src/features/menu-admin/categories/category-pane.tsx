import { FormattedMessage } from "react-intl";
import type { CsObject } from "@/lib/admin-scope";
import { CategoryContent } from "./category-content";
import { useCategoryActions } from "./category-actions";
import { CategoryBadges } from "./category-badges";
import type { AdminCategory } from "./api";

/**
 * The selected category: its name with badges and actions (edit, schedule, move, delete), then its
 * items or promotions (the items screen's pane).
 */
export function CategoryPane({ cs, category }: { cs: CsObject; category: AdminCategory }) {
  const { open, section, all } = useCategoryActions();
  const parent = all.find((c) => c.id === category.parent_id);
  const children = all.filter((c) => c.parent_id === category.id).length;
  return (
    <>
      <header className="panel category-head" data-testid="category-head">
        <div className="category-head__title">
          {category.icon ? (
            <span className="category-head__icon" aria-hidden="true">
              {category.icon}
            </span>
          ) : null}
          <div>
            {parent ? (
              <p className="category-head__parent">
                {parent.icon ? `${parent.icon} ` : ""}
                {parent.name}
              </p>
            ) : null}
            <h2 className="category-head__name">{category.name}</h2>
            <p className="category-head__meta">
              {children ? (
                <FormattedMessage id="categories.childCount" values={{ count: children }} />
              ) : (
                <FormattedMessage id={section === "promotions" ? "categories.promotionCount" : "categories.contentCount"} values={{ count: category.content_count }} />
              )}
              <CategoryBadges category={category} />
            </p>
          </div>
        </div>
        <div className="category-head__actions">
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => open({ kind: "edit", category })} data-testid="edit-category">
            <FormattedMessage id="categories.edit" />
          </button>
          {section !== "promotions" ? (
            <>
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => open({ kind: "schedule", category })} data-testid="schedule-category">
                <FormattedMessage id="categories.schedule" />
              </button>
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => open({ kind: "move", category })} data-testid="move-category">
                <FormattedMessage id="categories.move" />
              </button>
            </>
          ) : null}
          <button type="button" className="btn btn--ghost btn--sm category-head__delete" onClick={() => open({ kind: "delete", category })} data-testid="delete-category">
            <FormattedMessage id="common.delete" />
          </button>
        </div>
      </header>
      <CategoryContent cs={cs} category={category} />
    </>
  );
}
