import { useAtom } from "jotai";
import type { ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { superEditAtom } from "./edit-state";

/**
 * The tools above a category's cards: the search, the "as guests see it" switch (off: the cards
 * carry the editing tools), a filter, the add button and a busy notice.
 */
export function PaneToolbar({ search, filter, add, busy }: { search?: ReactNode; filter?: ReactNode; add?: ReactNode; busy?: ReactNode }) {
  const [superEdit, setSuperEdit] = useAtom(superEditAtom);
  return (
    <div className="ma-toolbar">
      {search}
      <label className="ma-switch">
        <input type="checkbox" role="switch" checked={!superEdit} onChange={(e) => setSuperEdit(!e.target.checked)} data-testid="guest-view" />
        <span className="ma-switch__track" aria-hidden="true" />
        <span>
          <FormattedMessage id="menuAdmin.guestView" />
        </span>
      </label>
      {filter}
      {superEdit ? add : null}
      {busy}
    </div>
  );
}
