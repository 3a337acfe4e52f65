import type { Section } from "@menu/core/shared/model";
import { Link, useParams } from "@tanstack/react-router";
import { useState, type KeyboardEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { FormAlert } from "@/components/form/fields";
import { Icon } from "@/components/icon";
import { categoryPath, type CsObject } from "@/lib/admin-scope";
import { useTranslationOverview } from "../translations/api";
import { TranslationChip } from "../translations/translation-chip";
import { useCategoryActions } from "./category-actions";
import { CategoryBadges } from "./category-badges";
import { useCategorySorting } from "./category-sorting";
import type { AdminCategory } from "./api";

/**
 * The section's categories: supercategories with their categories, each a link to its page. In
 * sort mode the rows are dragged within their group, or moved with the arrow buttons or
 * Alt+↑/↓ on a focused handle; "Save order" sends each changed group (nothing changed: the
 * specification's "You did not make any changes to the sorting").
 */
export function CategoryTree({ cs, section, all }: { cs: CsObject; section: Section; all: AdminCategory[] }) {
  const intl = useIntl();
  const { open } = useCategoryActions();
  const { categoryid } = useParams({ strict: false });
  const [expanded, setExpanded] = useState(false);
  const { statusesOf } = useTranslationOverview(cs.store_id);
  const byId = new Map(all.map((c) => [c.id, c]));
  const { panel, sorting, order, saving, sortError, announcement, shift, save, dragProps, start, cancel } = useCategorySorting(cs, section, all, byId);
  const nests = section !== "promotions";
  const current = categoryid ? byId.get(categoryid) : undefined;

  const row = (c: AdminCategory, group: string, index: number, size: number) => {
    const name = c.name;
    const onKeyDown = (e: KeyboardEvent) => {
      if (!e.altKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
      e.preventDefault();
      shift(group, c.id, e.key === "ArrowUp" ? -1 : 1);
    };
    return (
      <div className={sorting ? "category-row category-row--sorting" : "category-row"} {...dragProps(c.id, group)} data-testid="category-row" data-category-id={c.id}>
        {sorting ? (
          <span className="category-row__sort">
            <button
              type="button"
              className="category-row__grip"
              data-control="grip"
              aria-label={intl.formatMessage({ id: "categories.dragHandle" }, { name })}
              title={intl.formatMessage({ id: "categories.dragHandle" }, { name })}
              onKeyDown={onKeyDown}
            >
              <Icon name="grip" />
            </button>
            <button
              type="button"
              className="icon-button icon-button--sm"
              disabled={index === 0}
              data-control="up"
              aria-label={intl.formatMessage({ id: "categories.moveUp" }, { name })}
              title={intl.formatMessage({ id: "categories.moveUp" }, { name })}
              onClick={() => shift(group, c.id, -1)}
            >
              <Icon name="up" />
            </button>
            <button
              type="button"
              className="icon-button icon-button--sm"
              disabled={index === size - 1}
              data-control="down"
              aria-label={intl.formatMessage({ id: "categories.moveDown" }, { name })}
              title={intl.formatMessage({ id: "categories.moveDown" }, { name })}
              onClick={() => shift(group, c.id, 1)}
            >
              <Icon name="down" />
            </button>
          </span>
        ) : null}
        <Link
          to={categoryPath(cs, section, c.id)}
          className={c.visible ? "category-row__link" : "category-row__link category-row__link--hidden"}
          activeProps={{ className: "category-row__link category-row__link--active", "aria-current": "page" }}
          onClick={() => setExpanded(false)}
          draggable={false}
        >
          <span className="category-row__icon" aria-hidden="true">
            {c.icon || "•"}
          </span>
          <span className="category-row__label">
            <span className="category-row__name">{name}</span>
          </span>
          <CategoryBadges category={c} compact />
          {/* A supercategory's items are in its categories: its own count would read as "empty". */}
          {c.content_count || !order[c.id]?.length ? (
            <span className="category-row__count" title={intl.formatMessage({ id: "categories.contentCount" }, { count: c.content_count })}>
              {c.content_count}
            </span>
          ) : null}
        </Link>
        {sorting ? null : (
          <TranslationChip statuses={statusesOf("Category", c)} onEdit={(language) => open({ kind: "edit", category: c, language })} className="category-row__translations" />
        )}
        {!sorting && nests && !c.parent_id && order[c.id]?.length ? (
          <button
            type="button"
            className="icon-button icon-button--sm category-row__add"
            aria-label={intl.formatMessage({ id: "categories.addChild" }, { name })}
            title={intl.formatMessage({ id: "categories.addChild" }, { name })}
            onClick={() => open({ kind: "create", parentId: c.id })}
            data-testid="add-child-category"
          >
            <Icon name="plus" />
          </button>
        ) : null}
      </div>
    );
  };

  const top = order[""] ?? [];
  return (
    <aside
      ref={panel}
      className={["panel category-panel", expanded ? "category-panel--open" : "", sorting ? "category-panel--sorting" : ""].filter(Boolean).join(" ")}
      data-testid="category-panel"
    >
      <div className="category-panel__head">
        <h2 className="category-panel__title">
          <FormattedMessage id="categories.title" />
        </h2>
        {!sorting ? (
          <div className="category-panel__actions">
            <button type="button" className="btn btn--ghost btn--sm" onClick={start} data-testid="sort-categories">
              <Icon name="sort" />
              <FormattedMessage id="categories.sort" />
            </button>
            <button type="button" className="btn btn--primary btn--sm" onClick={() => open({ kind: "create", parentId: "" })} data-testid="add-category">
              <Icon name="plus" />
              <FormattedMessage id={nests ? "categories.add" : "categories.addPromotionCategory"} />
            </button>
          </div>
        ) : null}
      </div>

      {sorting ? (
        <div className="category-panel__sortbar" data-testid="sort-bar">
          <p className="category-panel__hint">
            <FormattedMessage id="categories.sortHint" />
          </p>
          {sortError ? <FormAlert testId="sort-error">{sortError}</FormAlert> : null}
          <div className="category-panel__actions">
            <button type="button" className="btn btn--ghost btn--sm" onClick={cancel}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button type="button" className="btn btn--primary btn--sm" disabled={saving} aria-busy={saving || undefined} onClick={save} data-testid="save-order">
              <FormattedMessage id="categories.saveOrder" />
            </button>
          </div>
        </div>
      ) : null}

      <button type="button" className="category-panel__toggle" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
        <span className="category-row__icon" aria-hidden="true">
          {current?.icon || "•"}
        </span>
        <span className="category-row__name">{current?.name ?? intl.formatMessage({ id: "categories.choose" })}</span>
        <Icon name="chevron" />
      </button>

      <nav className="category-panel__list" aria-label={intl.formatMessage({ id: "categories.title" })}>
        <ul className="category-tree">
          {top.map((id, i) => {
            const c = byId.get(id);
            if (!c) return null;
            const children = order[id] ?? [];
            return (
              <li key={id} className="category-tree__node">
                {row(c, "", i, top.length)}
                {children.length ? (
                  <ul className="category-tree category-tree--children">
                    {children.map((childId, j) => {
                      const child = byId.get(childId);
                      return child ? <li key={childId}>{row(child, id, j, children.length)}</li> : null;
                    })}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      </nav>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </aside>
  );
}
