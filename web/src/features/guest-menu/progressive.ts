import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { FIRST_VIEW_CARDS } from "@menu/core/shared/published-menu";

/** Cards each following step adds (each commit stays short). */
const CARDS_PER_STEP = 24;
/** Cards rendered by themselves after hydration, step by step; past them, more come as the guest scrolls near the end. */
const AUTO_CARDS = 240;

/** What a budget of cards shows: everything (`rendered`), or it stops at a category whose chunk is on its way (`blocked`). */
type Measure = (budget: number) => { rendered: boolean; blocked: boolean };

/**
 * How many cards the category list renders. The server renders (and the browser parses, lays out
 * and hydrates) FIRST_VIEW_CARDS, whatever the size of the categories; once `start` (hydrated),
 * steps of their own, each in its own task, add more up to AUTO_CARDS, then a step comes each time
 * the end of the list nears the screen (`sentinel`). No step is taken while the list is blocked, so
 * a chunk arriving never renders a pile of cards at once. `reach(n)` renders at least n cards (a
 * chip chosen further down). `settled`: nothing more comes without the guest.
 */
export function useCardBudget(start: boolean, measure: Measure) {
  const [budget, setBudget] = useState(FIRST_VIEW_CARDS);
  const { rendered, blocked } = measure(budget);
  const idle = !start || blocked || rendered;
  const step = useCallback(() => startTransition(() => setBudget((n) => n + CARDS_PER_STEP)), []);
  useEffect(() => {
    if (idle || budget >= AUTO_CARDS) return;
    const timer = setTimeout(step, 0);
    return () => clearTimeout(timer);
  }, [idle, budget, step]);
  const observer = useRef<IntersectionObserver | undefined>(undefined);
  // A callback ref: the list gives the sentinel a new key per budget, so it is observed anew each time.
  const sentinel = useCallback(
    (element: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = undefined;
      if (!element || idle || typeof IntersectionObserver === "undefined") return;
      observer.current = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && step(), { rootMargin: "1500px 0px" });
      observer.current.observe(element);
    },
    [idle, step],
  );
  const reach = useCallback((n: number) => setBudget((b) => Math.max(b, n)), []);
  return { budget, rendered, blocked, sentinel, reach, settled: rendered || (!blocked && budget >= AUTO_CARDS) };
}
