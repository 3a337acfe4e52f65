import { useEffect, useRef, useState } from "react";
import { MENU_HEIGHTS, type GuestPage, type MenuSection } from "./model";
import type { CategoryTree } from "./menu-visibility";

const reducedMotion = () => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Where a category stops when its chip is chosen: just below the sticky bar (the sections' scroll-margin-top). */
const STICKY_BOTTOM = MENU_HEIGHTS.stickyCollapsed;

/** A category's section once its cards begin (before, it may list its titles in brief: its cards would move it). */
const renderedCategory = (id: string) => {
  const section = document.getElementById(`cat-${id}`);
  return section && (section.querySelector("[data-item-id]") || !section.querySelector(".item-brief-list")) ? section : null;
};

/**
 * The category bar: it follows scrolling (the last category whose top passed the sticky bar),
 * and a chip scrolls its category to just below the bar. While that scroll runs, scrolling does not
 * move the highlight, and the bar itself is scrolled sideways only (never the page), so nothing
 * interrupts the page's scroll. A chip whose category has no cards yet (the first view's list's
 * steps, or whose chunk is on its way) has the list rendered down to it (`renderThrough`), then scrolls.
 */
export function useCategoryBar(tree: CategoryTree, page: GuestPage, searching: boolean, section: MenuSection, renderThrough: (id: string) => void) {
  // At the top of the page the first category is current: the pre-rendered markup shows it so, as
  // the app does once it follows the scroll.
  const [activeCategory, setActiveCategory] = useState(() => (page.kind === "menu" && !searching ? tree[0]?.top.id : undefined));
  const chips = tree.flatMap(({ top, children }) => (children.length ? children : [top]));
  const chipsKey = chips.map((c) => c.id).join(",");
  const chipBar = useRef<HTMLDivElement>(null);
  const jumping = useRef<{ id: string; timer: number } | undefined>(undefined);
  const pending = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (page.kind !== "menu" || searching) return;
    let frame = 0;
    const follow = () => {
      frame = 0;
      if (jumping.current) return;
      let current: string | undefined;
      for (const el of document.querySelectorAll<HTMLElement>("[data-category-id]")) {
        if (el.getBoundingClientRect().top <= STICKY_BOTTOM + 24) current = el.dataset.categoryId;
        else break;
      }
      setActiveCategory(current ?? document.querySelector<HTMLElement>("[data-category-id]")?.dataset.categoryId);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(follow);
    };
    follow();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [chipsKey, page.kind, searching, section]);
  useEffect(() => {
    const bar = chipBar.current;
    const chip = bar?.querySelector<HTMLElement>(`[data-chip="${activeCategory}"]`);
    if (!bar || !chip) return;
    const barBox = bar.getBoundingClientRect();
    const chipBox = chip.getBoundingClientRect();
    const delta = chipBox.left + chipBox.width / 2 - (barBox.left + barBox.width / 2);
    if (Math.abs(delta) > 1) bar.scrollTo({ left: bar.scrollLeft + delta, behavior: reducedMotion() ? "auto" : "smooth" });
  }, [activeCategory]);
  useEffect(() => () => window.clearTimeout(jumping.current?.timer), []);

  const goToCategory = (id: string) => {
    const target = renderedCategory(id);
    pending.current = target ? undefined : id;
    if (!target) return renderThrough(id);
    setActiveCategory(id);
    const done = (event?: Event) => {
      window.removeEventListener("scrollend", done);
      window.removeEventListener("wheel", done);
      window.removeEventListener("touchstart", done);
      if (!jumping.current || jumping.current.id !== id) return;
      window.clearTimeout(jumping.current.timer);
      jumping.current = undefined;
      if (event?.type === "wheel" || event?.type === "touchstart") return; // the guest took over
      // Cards rendered on the way (the list grows as its end nears) can move the target: align it again, at
      // once, until it stays (a few frames at most).
      let tries = 3;
      const align = () => {
        const margin = parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
        if (jumping.current || Math.abs(target.getBoundingClientRect().top - margin) <= 1 || tries-- <= 0) return;
        const before = window.scrollY;
        target.scrollIntoView({ behavior: "auto", block: "start" });
        if (window.scrollY !== before) requestAnimationFrame(align);
      };
      align();
    };
    if (jumping.current) window.clearTimeout(jumping.current.timer);
    // `scrollend` ends the jump; a guest's own scrolling takes over at once; a timer guards both.
    jumping.current = { id, timer: window.setTimeout(done, 1500) };
    window.addEventListener("scrollend", done);
    window.addEventListener("wheel", done, { passive: true });
    window.addEventListener("touchstart", done, { passive: true });
    target.scrollIntoView({ behavior: reducedMotion() ? "auto" : "smooth", block: "start" });
    // Keyboard (and screen reader) users continue inside the category.
    target.querySelector<HTMLElement>(":scope > h2, :scope > h3")?.focus({ preventScroll: true });
  };

  // After each render: the chip waiting for its category goes there once it is rendered.
  useEffect(() => {
    if (pending.current && renderedCategory(pending.current)) goToCategory(pending.current);
  });

  return { activeCategory, chips, chipBar, goToCategory };
}
