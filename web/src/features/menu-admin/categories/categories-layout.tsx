import type { Section } from "@menu/core/shared/model";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { useState, type ReactNode } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { FormAlert } from "@/components/form/fields";
import "@/components/layout/staff.css";
import { categoryPath, type CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { useStoredUser } from "@/lib/stored-user";
import { CopyMenuDialog } from "../copy/copy-dialog";
import { companyStoresQueryOptions } from "../copy/api";
import { useTranslationPolling } from "../translations/use-translation-polling";
import { ActionsContext, type Open } from "./category-actions";
import { CategoryDialog } from "./category-dialog";
import { CategoryTree } from "./category-tree";
import { categoriesQueryOptions, refetchCategories } from "./api";
import { refetchItems } from "../items/api";
import { DeleteDialog } from "./delete-dialog";
import { CategoryMoveDialog } from "./category-move-dialog";
import { ScheduleDialog } from "./schedule-dialog";
import "./categories.css";
import { usePageTitle } from "@/lib/page-title";

/**
 * admin-panel/{kitchen|drinks|hookahs|games|promotions}: the section's category tree beside the
 * selected category (the child route). An empty section invites to create its first category or to
 * import a spreadsheet (issue 33); so does the address with #menu-import (the setup checklist's link).
 */
export function CategoriesLayout({
  cs,
  section,
  importPanel,
  children,
}: {
  cs: CsObject;
  section: Section;
  /** The menu import, offered on an empty section (the route brings it: features do not import each other). */
  importPanel?: (onApplying: () => void) => ReactNode;
  children: ReactNode;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const categories = useQuery(categoriesQueryOptions(cs.store_id, section));
  const [dialog, setDialog] = useState<Open | undefined>();
  // Once an import starts the panel stays, though the section is no longer empty: its summary shows there.
  const [importing, setImporting] = useState(false);
  // Chains (issue 36): a company's managers may start this store's menu from another store's, once
  // the company has another store with a menu to copy (issue 50).
  const role = useStoredUser()?.role;
  const mayCopy = section !== "promotions" && (role === "company_manager" || role === "admin");
  const stores = useQuery({ ...companyStoresQueryOptions(cs.company_id), enabled: mayCopy });
  const canCopy = mayCopy && !!stores.data?.some((s) => s.id !== cs.store_id && s.items > 0);
  const [copying, setCopying] = useState(false);
  const importLinked = useRouterState({ select: (s) => s.location.hash === "menu-import" });
  const all = categories.data ?? [];
  const close = () => setDialog(undefined);
  const title = intl.formatMessage({ id: `categories.section.${section}` });
  // Saved items and category names are polled here until translated (SPEC section 4).
  useTranslationPolling({ items: refetchItems, categories: refetchCategories });

  usePageTitle(title);

  const goTo = (id?: string) => void navigate({ href: categoryPath(cs, section, id) });

  return (
    <ActionsContext.Provider value={{ open: setDialog, section, all }}>
      <div className="page-head">
        <div>
          <h1 className="page-head__title">{title}</h1>
          <p className="page-head__lead">
            <FormattedMessage id={section === "promotions" ? "categories.leadPromotions" : "categories.lead"} />
          </p>
        </div>
        {canCopy && all.length ? (
          <button type="button" className="btn btn--ghost menu-copy__open" onClick={() => setCopying(true)} data-testid="menu-copy-open">
            <FormattedMessage id="menuCopy.open" />
          </button>
        ) : null}
      </div>

      {categories.isPending ? (
        <CategoriesSkeleton />
      ) : categories.error ? (
        <FormAlert>{errorMessageFor(categories.error)}</FormAlert>
      ) : !all.length ? (
        <section className="panel categories-empty" data-testid="categories-empty">
          <div className="categories-empty__art" aria-hidden="true">
            {section === "promotions" ? "🎁" : section === "drinks" ? "🍹" : section === "hookahs" ? "💨" : section === "games" ? "🎲" : "🍽️"}
          </div>
          <h2 className="panel__title">
            <FormattedMessage id="categories.emptyTitle" values={{ section: title }} />
          </h2>
          <p className="panel__lead">
            <FormattedMessage id={section === "promotions" ? "categories.emptyTextPromotions" : "categories.emptyText"} />
          </p>
          <button type="button" className="btn btn--primary" onClick={() => setDialog({ kind: "create", parentId: "" })} data-testid="add-first-category">
            <FormattedMessage id="categories.addFirst" />
          </button>
          {canCopy ? (
            <button type="button" className="btn btn--secondary menu-copy__open" onClick={() => setCopying(true)} data-testid="menu-copy-open">
              <FormattedMessage id="menuCopy.open" />
            </button>
          ) : null}
        </section>
      ) : (
        <div className="categories-layout">
          <CategoryTree cs={cs} section={section} all={all} />
          <section className="categories-main">{children}</section>
        </div>
      )}
      {section !== "promotions" && categories.isSuccess && (!all.length || importing || importLinked) ? (
        importPanel?.(() => setImporting(true))
      ) : null}

      {canCopy ? <CopyMenuDialog cs={cs} open={copying} onClose={() => setCopying(false)} /> : null}
      {dialog?.kind === "create" ? (
        <CategoryDialog
          cs={cs}
          section={section}
          parents={all.filter((c) => !c.parent_id && c.content_count === 0)}
          parentId={dialog.parentId}
          onClose={close}
          onCreated={(c) => goTo(c.id)}
        />
      ) : null}
      {dialog?.kind === "edit" ? <CategoryDialog cs={cs} section={section} category={dialog.category} parents={[]} language={dialog.language} onClose={close} /> : null}
      {dialog?.kind === "schedule" ? <ScheduleDialog cs={cs} section={section} category={dialog.category} all={all} onClose={close} /> : null}
      {dialog?.kind === "move" ? <CategoryMoveDialog cs={cs} section={section} category={dialog.category} all={all} onClose={close} /> : null}
      {dialog?.kind === "delete" ? (
        <DeleteDialog cs={cs} section={section} category={dialog.category} all={all} onClose={close} onDeleted={() => goTo()} />
      ) : null}
    </ActionsContext.Provider>
  );
}

/** What the page looks like while the categories load: the tree's and the pane's outlines. */
export function CategoriesSkeleton() {
  return (
    <div className="categories-layout" role="status" aria-busy="true" data-testid="categories-loading">
      <span className="visually-hidden">
        <FormattedMessage id="common.loading" />
      </span>
      <div className="panel category-panel" aria-hidden="true">
        {[70, 55, 80, 62, 48].map((w, i) => (
          <div key={i} className="skeleton skeleton--row" style={{ width: `${w}%`, marginLeft: i % 3 === 1 ? 24 : 0 }} />
        ))}
      </div>
      <div className="panel categories-main" aria-hidden="true">
        <div className="skeleton skeleton--title" />
        <div className="skeleton skeleton--row" />
        <div className="skeleton skeleton--row" style={{ width: "70%" }} />
      </div>
    </div>
  );
}
