import { useIntl } from "../intl";
import type { PublishedCategory } from "../model";
import { Foreign } from "./text-lang";

/** Nothing found: the categories whose names come closest to the query, each a way into its category. */
export function SearchSuggestions({ categories, onCategory }: { categories: readonly PublishedCategory[]; onCategory: (category: PublishedCategory) => void }) {
  const intl = useIntl();
  if (!categories.length) return null;
  return (
    <div className="search-suggestions" data-testid="search-suggestions">
      <p id="search-suggestions-label">{intl.formatMessage({ id: "menu.search.closest" })}</p>
      <ul aria-labelledby="search-suggestions-label">
        {categories.map((c) => (
          <li key={c.id}>
            <button type="button" className="search-suggestions__category" onClick={() => onCategory(c)}>
              <Foreign lang={c.name_lang}>{c.name}</Foreign>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
