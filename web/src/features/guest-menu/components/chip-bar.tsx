import type { Ref } from "react";
import { useIntl } from "../intl";
import { pagePath, type PageLinks, type PublishedCategory } from "../model";
import { Foreign } from "./text-lang";

type Props = PageLinks & {
  ref: Ref<HTMLDivElement>;
  searching: boolean;
  /** The categories of the chosen section that have a chip. */
  chips: readonly PublishedCategory[];
  activeCategory: string | undefined;
  onCategory: (id: string) => void;
  query: string;
  resultCount: number;
  /** The search waits for the chunks it needs: no count yet ("nothing found" only once it has looked). */
  searchLoading?: boolean;
};

/** The sticky bar's second row: the section's category chips, the promotion pages, or the search's result count. */
export function ChipBar({ ref, page, company, storeKey, searching, chips, activeCategory, onCategory, promotionCategories, onGo, query, resultCount, searchLoading }: Props) {
  const intl = useIntl();
  return (
    <div className="guest-sticky__row guest-sticky__row--chips" ref={ref} role="group" aria-label={intl.formatMessage({ id: "menu.categoriesLabel" })} data-testid="category-bar">
      {page.kind === "menu" && !searching
        ? chips.map((c) => (
            <a
              key={c.id}
              className="chip"
              data-chip={c.id}
              aria-current={activeCategory === c.id ? "true" : undefined}
              href={`#cat-${c.id}`}
              onClick={(e) => {
                e.preventDefault();
                onCategory(c.id);
              }}
            >
              <Foreign lang={c.name_lang}>{c.name}</Foreign>
            </a>
          ))
        : null}
      {page.kind === "promotions"
        ? promotionCategories.map((c) => (
            <a
              key={c.id}
              className="chip"
              aria-current={page.position === c.position ? "page" : undefined}
              href={pagePath(company, storeKey, { kind: "promotions", position: c.position })}
              onClick={(e) => {
                e.preventDefault();
                onGo(pagePath(company, storeKey, { kind: "promotions", position: c.position }));
              }}
            >
              <Foreign lang={c.name_lang}>{c.name}</Foreign>
            </a>
          ))
        : null}
      {searching ? (
        <span className="search-count" aria-live="polite" data-testid="search-count">
          {query.trim() ? intl.formatMessage({ id: searchLoading ? "menu.search.loading" : "menu.search.results" }, { count: resultCount }) : ""}
        </span>
      ) : null}
    </div>
  );
}
