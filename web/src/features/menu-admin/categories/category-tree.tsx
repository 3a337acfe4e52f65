import type { Section } from "@menu/core/shared/model";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { FormAlert } from "@/components/form/fields";
import type { CsObject } from "@/lib/admin-scope";
import { api, unwrap } from "@/lib/api";
import { errorMessageFor } from "@/lib/errors";
import { useTranslationOverview } from "../translations/data";
import { TranslationBadges } from "../translations/translation-badges";
import { categoryPath, useCategoryActions } from "./category-actions";
import { CategoryBadges } from "./category-badges";
import { categoriesKey, treeOf, type AdminCategory } from "./data";

/** Sibling groups by parent id ("" = top level), each in display order. */
type Order = Record<string, string[]>;
const orderOf = (all: AdminCategory[]): Order => {
  const order: Order = { "": [] };
  for (const node of treeOf(all)) {
    order[""]!.push(node.category.id);
    order[node.category.id] = node.children.map((c) => c.id);
  }
  return order;
};

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}
const ICONS = {
  up: "M12 19V5M6 11l6-6 6 6",
  down: "M12 5v14M6 13l6 6 6-6",
  grip: "M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01",
  plus: "M12 5v14M5 12h14",
  sort: "M7 4v16M4 7l3-3 3 3M17 20V4M14 17l3 3 3-3",
  chevron: "M6 9l6 6 6-6",
};

/**
 * The section's categories: supercategories with their categories, each a link to its page. In
 * sort mode the rows are dragged within their group, or moved with the arrow buttons or
 * Alt+↑/↓ on a focused handle; "Save order" sends each changed group (nothing changed: the
 * specification's "You did not make any changes to the sorting").
 */
export function CategoryTree({ cs, section, all }: { cs: CsObject; section: Section; all: AdminCategory[] }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { open } = useCategoryActions();
  const { categoryid } = useParams({ strict: false });
  const [expanded, setExpanded] = useState(false);
  const [draft, setDraft] = useState<Order | undefined>();
  const [saving, setSaving] = useState(false);
  const [sortError, setSortError] = useState<string | undefined>();
  const [announcement, setAnnouncement] = useState("");
  const { statusesOf } = useTranslationOverview(cs.store_id);
  const dragged = useRef<{ id: string; group: string } | undefined>(undefined);
  const panel = useRef<HTMLElement>(null);
  // React may re-insert a moved row, which drops focus: the control that moved it gets it back.
  const refocus = useRef<{ id: string; control: string } | undefined>(undefined);
  useLayoutEffect(() => {
    const target = refocus.current;
    refocus.current = undefined;
    if (!target) return;
    const rowEl = panel.current?.querySelector(`[data-category-id="${CSS.escape(target.id)}"]`);
    const control = rowEl?.querySelector<HTMLButtonElement>(`[data-control="${target.control}"]:not(:disabled)`) ?? rowEl?.querySelector<HTMLButtonElement>('[data-control="grip"]');
    if (control && document.activeElement !== control) control.focus();
  }, [draft]);
  const byId = new Map(all.map((c) => [c.id, c]));
  const nests = section !== "promotions";
  const current = categoryid ? byId.get(categoryid) : undefined;

  const sorting = !!draft;
  const order = draft ?? orderOf(all);

  const shift = (group: string, id: string, by: -1 | 1) => {
    const ids = [...(order[group] ?? [])];
    const i = ids.indexOf(id);
    const j = i + by;
    if (i < 0 || j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    const control = document.activeElement?.getAttribute("data-control");
    if (control) refocus.current = { id, control };
    setSortError(undefined);
    setDraft({ ...order, [group]: ids });
    setAnnouncement(intl.formatMessage({ id: "categories.movedTo" }, { name: byId.get(id)?.name, position: j + 1, total: ids.length }));
  };

  const dropOn = (group: string, targetId: string, after: boolean) => {
    const from = dragged.current;
    if (!from || from.group !== group || from.id === targetId) return;
    setSortError(undefined);
    setDraft((d) => {
      const base = d ?? orderOf(all);
      const ids = (base[group] ?? []).filter((x) => x !== from.id);
      ids.splice(ids.indexOf(targetId) + (after ? 1 : 0), 0, from.id);
      return { ...base, [group]: ids };
    });
  };

  const save = async () => {
    if (!draft) return;
    const saved = orderOf(all);
    const changed = Object.keys(draft).filter((g) => draft[g]!.join() !== (saved[g] ?? []).join());
    if (!changed.length) {
      setSortError(intl.formatMessage({ id: "errors.api.sortingUnchanged" }));
      return;
    }
    setSaving(true);
    try {
      for (const group of changed) {
        await unwrap(
          api.api.categories.order.$post({ json: { store_id: cs.store_id, section, parent_id: group, category_ids: draft[group]! } }),
        );
      }
      toast.success(intl.formatMessage({ id: "categories.orderSaved" }));
      setDraft(undefined);
    } catch (error) {
      setSortError(errorMessageFor(error));
    } finally {
      setSaving(false);
      await queryClient.invalidateQueries({ queryKey: categoriesKey(cs.store_id, section) });
    }
  };

  const row = (c: AdminCategory, group: string, index: number, size: number) => {
    const name = c.name;
    const onKeyDown = (e: KeyboardEvent) => {
      if (!e.altKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
      e.preventDefault();
      shift(group, c.id, e.key === "ArrowUp" ? -1 : 1);
    };
    const dragProps = sorting
      ? {
          draggable: true,
          onDragStart: (e: DragEvent) => {
            dragged.current = { id: c.id, group };
            e.dataTransfer.effectAllowed = "move";
            e.dataTransfer.setData("text/plain", c.id);
            e.stopPropagation();
          },
          onDragOver: (e: DragEvent) => {
            if (dragged.current?.group !== group) return;
            e.preventDefault();
            e.stopPropagation();
            const box = (e.currentTarget as HTMLElement).getBoundingClientRect();
            dropOn(group, c.id, e.clientY > box.top + box.height / 2);
          },
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            e.stopPropagation();
          },
          onDragEnd: () => {
            dragged.current = undefined;
          },
        }
      : {};
    return (
      <div className={sorting ? "category-row category-row--sorting" : "category-row"} {...dragProps} data-testid="category-row" data-category-id={c.id}>
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
              <Icon d={ICONS.grip} />
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
              <Icon d={ICONS.up} />
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
              <Icon d={ICONS.down} />
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
            {sorting ? null : <TranslationBadges statuses={statusesOf("Category", c)} className="category-row__translations" />}
          </span>
          <CategoryBadges category={c} compact />
          {/* A supercategory's items are in its categories: its own count would read as "empty". */}
          {c.content_count || !order[c.id]?.length ? (
            <span className="category-row__count" title={intl.formatMessage({ id: "categories.contentCount" }, { count: c.content_count })}>
              {c.content_count}
            </span>
          ) : null}
        </Link>
        {!sorting && nests && !c.parent_id && order[c.id]?.length ? (
          <button
            type="button"
            className="icon-button icon-button--sm category-row__add"
            aria-label={intl.formatMessage({ id: "categories.addChild" }, { name })}
            title={intl.formatMessage({ id: "categories.addChild" }, { name })}
            onClick={() => open({ kind: "create", parentId: c.id })}
            data-testid="add-child-category"
          >
            <Icon d={ICONS.plus} />
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
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setDraft(orderOf(all))} data-testid="sort-categories">
              <Icon d={ICONS.sort} />
              <FormattedMessage id="categories.sort" />
            </button>
            <button type="button" className="btn btn--primary btn--sm" onClick={() => open({ kind: "create", parentId: "" })} data-testid="add-category">
              <Icon d={ICONS.plus} />
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
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => {
                setDraft(undefined);
                setSortError(undefined);
              }}
            >
              <FormattedMessage id="common.cancel" />
            </button>
            <button type="button" className="btn btn--primary btn--sm" disabled={saving} aria-busy={saving || undefined} onClick={() => void save()} data-testid="save-order">
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
        <Icon d={ICONS.chevron} />
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
