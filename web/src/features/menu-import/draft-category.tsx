import { memo, useId, type Dispatch } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { Problems } from "./draft-problems";
import { DraftItemRow } from "./draft-item";
import { DRAFT_SECTIONS, type DraftAction, type EditorCategory, type EditorItem } from "./draft-state";

/** Items a category shows at first and adds per "show more": a 1,000-item category stays quick to type in. */
export const ITEMS_PAGE = 50;

export type CategoryView = { expanded: boolean; shown: number };

type Props = {
  category: EditorCategory;
  items: EditorItem[];
  categories: EditorCategory[];
  problems: Problems;
  view: CategoryView;
  onView: (key: string, view: CategoryView) => void;
  dispatch: Dispatch<DraftAction>;
};

/** A category of the draft: its name and section editable, its items shown when expanded (a page at a time). */
export const DraftCategory = memo(function DraftCategory({ category, items, categories, problems, view, onView, dispatch }: Props) {
  const intl = useIntl();
  const id = useId();
  const { key } = category;
  const doubts = items.filter((i) => i.doubts.length).length;
  const name = category.name.trim() || intl.formatMessage({ id: "import.draft.noCategory" });
  return (
    <section className="draft-category" aria-labelledby={`${id}-title`} data-testid="draft-category">
      <div className="draft-category__head">
        <h3 id={`${id}-title`} className="draft-category__title">
          <button type="button" className="draft-category__toggle" aria-expanded={view.expanded} aria-controls={`${id}-items`} onClick={() => onView(key, { ...view, expanded: !view.expanded })} data-testid="draft-category-toggle">
            <span className="draft-category__chevron" aria-hidden="true">
              {view.expanded ? "▾" : "▸"}
            </span>
            <span data-testid="draft-category-name">{name}</span>
            <span className="draft-category__count">
              <FormattedMessage id="import.draft.categoryCount" values={{ n: items.length, doubts }} />
            </span>
          </button>
        </h3>
        <div className="draft-category__fields">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-name`}>
              <FormattedMessage id="import.draft.categoryName" />
            </label>
            <input id={`${id}-name`} className="input" value={category.name} placeholder={name} onChange={(e) => dispatch({ type: "renameCategory", key, name: e.target.value })} data-testid="draft-category-input" />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-section`}>
              <FormattedMessage id="import.draft.section" />
            </label>
            <select id={`${id}-section`} className="input select" value={category.section} onChange={(e) => dispatch({ type: "setSection", key, section: e.target.value as EditorCategory["section"] })} data-testid="draft-section">
              {DRAFT_SECTIONS.map((s) => (
                <option key={s} value={s}>
                  {intl.formatMessage({ id: `menuAdmin.section.${s}` })}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="btn btn--sm btn--ghost draft-category__remove" onClick={() => dispatch({ type: "removeCategory", key })} data-testid="draft-category-remove">
            <FormattedMessage id="import.draft.removeCategory" values={{ n: items.length }} />
          </button>
        </div>
      </div>
      <div id={`${id}-items`} hidden={!view.expanded}>
        {!view.expanded ? null : items.length ? (
          <>
            <ul className="draft-category__items">
              {items.slice(0, view.shown).map((item) => (
                <DraftItemRow key={item.key} item={item} categories={categories} problems={problems.get(item.key)} dispatch={dispatch} />
              ))}
            </ul>
            {items.length > view.shown ? (
              <button type="button" className="btn btn--secondary" onClick={() => onView(key, { ...view, shown: view.shown + ITEMS_PAGE })} data-testid="draft-show-more">
                <FormattedMessage id="import.draft.showMore" values={{ n: Math.min(ITEMS_PAGE, items.length - view.shown), left: items.length - view.shown }} />
              </button>
            ) : null}
          </>
        ) : (
          <p className="draft-category__empty" data-testid="draft-category-empty">
            <FormattedMessage id="import.draft.categoryEmpty" />
          </p>
        )}
      </div>
    </section>
  );
});
