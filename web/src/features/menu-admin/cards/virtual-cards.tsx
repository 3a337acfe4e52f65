import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";

/** Cards of the list per line: two from 960 px (items.css), else one. */
const WIDE = "(min-width: 960px)";
function useColumns() {
  return useSyncExternalStore(
    (change) => {
      const query = window.matchMedia(WIDE);
      query.addEventListener("change", change);
      return () => query.removeEventListener("change", change);
    },
    () => (window.matchMedia(WIDE).matches ? 2 : 1),
    () => 1,
  );
}

/** Loading starts this many lines before the end of what is loaded. */
const LOAD_AHEAD = 6;

export type Paging = { total: number; hasMore: boolean; loadMore: () => void; loadingMore: boolean };

/**
 * A long list of cards that renders only the lines near the viewport (issue 31: a 5,000-item
 * category scrolls smoothly): the page keeps its own scrolling, the skipped lines become padding of
 * the list, each line's height is measured as it renders, and the next page loads as the end nears
 * (or with "Show more"). Each card says its place in the whole list to screen readers.
 */
export function VirtualCards<T extends { id: string }>({
  rows,
  paging,
  className,
  testId,
  render,
}: {
  rows: T[];
  paging: Paging;
  className: string;
  testId: string;
  /** A card; `listProps` go on its <li> (measurement and its place in the list). */
  render: (row: T, listProps: Record<string, unknown>) => ReactNode;
}) {
  const columns = useColumns();
  const list = useRef<HTMLUListElement>(null);
  const [margin, setMargin] = useState(0);
  // Where the list starts on the page, after every render: what is above it (toolbar, selection
  // bar) can change. Setting the same number again renders nothing, so this settles at once.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- measured after every render on purpose
  useLayoutEffect(() => setMargin(Math.round((list.current?.getBoundingClientRect().top ?? 0) + window.scrollY)));
  const lines = Math.ceil(rows.length / columns);
  const virtualizer = useWindowVirtualizer({ count: lines, estimateSize: () => 160, overscan: 4, gap: 10, scrollMargin: margin });
  const shown = virtualizer.getVirtualItems();
  const last = shown.at(-1);
  const { hasMore, loadingMore, loadMore } = paging;
  useEffect(() => {
    if (last && last.index >= lines - LOAD_AHEAD && hasMore && !loadingMore) loadMore();
  }, [last, lines, hasMore, loadingMore, loadMore]);

  const top = shown[0] ? shown[0].start - margin : 0;
  const bottom = last ? Math.max(0, virtualizer.getTotalSize() - (last.end - margin)) : 0;
  return (
    <>
      <ul ref={list} className={className} data-testid={testId} style={{ paddingTop: top, paddingBottom: bottom }}>
        {shown.flatMap((line) =>
          rows.slice(line.index * columns, line.index * columns + columns).map((row, i) =>
            render(row, {
              "aria-setsize": paging.total,
              "aria-posinset": line.index * columns + i + 1,
              // The first card of a line measures it (a line is as tall as its tallest card).
              ...(i === 0 ? { ref: virtualizer.measureElement, "data-index": line.index } : {}),
            }),
          ),
        )}
      </ul>
      <p className="ma-note ma-list-more">
        <span role="status" data-testid="items-loaded">
          <FormattedMessage id="menuAdmin.list.loaded" values={{ n: rows.length, total: paging.total }} />
        </span>
        {hasMore ? (
          <button type="button" className="btn btn--ghost btn--sm" onClick={loadMore} disabled={loadingMore} data-testid="items-more">
            {loadingMore ? <span className="spinner" aria-hidden="true" /> : null}
            <FormattedMessage id="menuAdmin.list.more" />
          </button>
        ) : null}
      </p>
    </>
  );
}
