import { startTransition, useEffect, useState } from "react";

/** Items in the server-rendered page and the hydration pass: the first screens, no more. */
const FIRST_ITEMS = 6;
/** Items each following step adds once the page is interactive (each commit stays short). */
const ITEMS_PER_STEP = 4;

/** How many of `sizes` (items per category, in order) hold at least `items` items. */
const categoriesFor = (sizes: readonly number[], items: number) => {
  let total = 0;
  for (let i = 0; i < sizes.length; i++) {
    total += sizes[i]!;
    if (total >= items) return i + 1;
  }
  return sizes.length;
};

/**
 * The first view of a long menu: the server renders (and the browser parses, lays out and
 * hydrates) only the first categories; the rest follow category by category after hydration, each
 * step its own render in its own task, so the page paints early and no long task blocks a tap.
 * The state lives in the category list, so a step renders the list, not the whole page. Answers
 * how many categories to render. `complete`, kept by the page, is reported through `onComplete`
 * once every category is there; from then on a new section or menu type renders whole at once (a
 * chip tapped there finds its category).
 */
export function useProgressiveCategories(sizes: readonly number[], { start, complete, onComplete }: { start: boolean; complete: boolean; onComplete: () => void }) {
  const [items, setItems] = useState(FIRST_ITEMS);
  const shown = complete ? sizes.length : categoriesFor(sizes, items);
  useEffect(() => {
    if (!start || complete) return;
    const all = shown >= sizes.length;
    const timer = setTimeout(() => startTransition(() => (all ? onComplete() : setItems((n) => n + ITEMS_PER_STEP))), 0);
    return () => clearTimeout(timer);
  }, [start, complete, items, shown, sizes.length, onComplete]);
  return shown;
}
