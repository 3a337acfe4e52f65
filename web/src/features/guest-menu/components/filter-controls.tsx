import type { Ref } from "react";
import type { MarkFilter } from "@menu/core/item/marks";
import { filterSize, NO_FILTER, setMarkFilter } from "../filter";
import { useIntl } from "../intl";
import type { HiddenCounts } from "../menu-visibility";

/** The sticky bar's button that opens the filter sheet, with the count of marks in use. */
export function FilterButton({ ref, filter, filtering, onOpen }: { ref: Ref<HTMLButtonElement>; filter: MarkFilter; filtering: boolean; onOpen: () => void }) {
  const intl = useIntl();
  return (
    <button type="button" ref={ref} className="filter-button" aria-pressed={filtering} aria-haspopup="dialog" data-testid="filter-open" onClick={onOpen}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M4 6h16M7 12h10M10 18h4" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      {/* On a narrow phone only the icon and the count show; the words stay the button's name. */}
      <span className="filter-button__text">
        {filtering ? intl.formatMessage({ id: "menu.filter.active" }, { n: filterSize(filter) }) : intl.formatMessage({ id: "menu.filter.open" })}
      </span>
      {filtering ? (
        <span className="filter-button__count" aria-hidden="true">
          {filterSize(filter)}
        </span>
      ) : null}
    </button>
  );
}

/**
 * Over a filtered section: how many of its items the filter hides and, where other sections lose
 * some too, how many in the whole menu; and a way to show them all again.
 */
export function FilterNote({ hidden }: { hidden: HiddenCounts }) {
  const intl = useIntl();
  return (
    <p className="filter-note" role="status" data-testid="filter-note">
      <span data-testid="filter-note-section">{intl.formatMessage({ id: "menu.filter.hiddenSection" }, { n: hidden.section })}</span>
      {hidden.menu > hidden.section ? (
        <span data-testid="filter-note-menu"> {intl.formatMessage({ id: "menu.filter.hiddenMenu" }, { n: hidden.menu })}</span>
      ) : null}
      <button type="button" onClick={() => setMarkFilter(NO_FILTER)}>
        {intl.formatMessage({ id: "menu.filter.reset" })}
      </button>
    </p>
  );
}
