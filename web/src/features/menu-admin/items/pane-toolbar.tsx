import { useAtom } from "jotai";
import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { superEditAtom } from "@/state/menu-edit";

/** The head of a category's pane: its name and count, the search, the super-edit switch and the add button. */
export function PaneToolbar({ title, count, search, add, busy }: { title: string; count?: number; search?: ReactNode; add?: ReactNode; busy?: ReactNode }) {
  const [superEdit, setSuperEdit] = useAtom(superEditAtom);
  return (
    <header className="ma-toolbar">
      <div className="ma-toolbar__head">
        <h2 className="ma-toolbar__title">{title}</h2>
        {count !== undefined ? (
          <span className="ma-toolbar__count">
            <FormattedMessage id="menuAdmin.count" values={{ n: count }} />
          </span>
        ) : null}
        {busy}
      </div>
      <div className="ma-toolbar__controls">
        {search}
        <label className="ma-switch" title={undefined}>
          <input type="checkbox" role="switch" checked={superEdit} onChange={(e) => setSuperEdit(e.target.checked)} data-testid="super-edit" />
          <span className="ma-switch__track" aria-hidden="true" />
          <span>
            <FormattedMessage id="menuAdmin.superEdit" />
          </span>
        </label>
        {superEdit ? add : null}
      </div>
    </header>
  );
}
