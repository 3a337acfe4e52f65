import { useRef, type KeyboardEvent } from "react";
import { withParams } from "./guest-href";
import type { MenuSection } from "./model";
import type { GuestNav } from "./nav";

type Options = {
  nav: GuestNav;
  href: string;
  /** The path of the current page. */
  here: string;
  sections: readonly MenuSection[];
  section: MenuSection;
  rtl: boolean;
};

/** Section tabs: the chosen one in the address; arrow keys move between them (WAI-ARIA tabs). */
export function useSectionTabs({ nav, href, here, sections, section, rtl }: Options) {
  const tabRefs = useRef(new Map<MenuSection, HTMLButtonElement>());
  const chooseSection = (s: MenuSection, focus = false) => {
    nav.replace(withParams(href, here, { section: s === sections[0] ? undefined : s, item: undefined }));
    if (focus) tabRefs.current.get(s)?.focus();
    window.scrollTo({ top: 0 });
  };
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = sections.indexOf(section);
    const next = rtl ? "ArrowLeft" : "ArrowRight";
    const previous = rtl ? "ArrowRight" : "ArrowLeft";
    let to: number | undefined;
    if (event.key === next) to = (index + 1) % sections.length;
    else if (event.key === previous) to = (index - 1 + sections.length) % sections.length;
    else if (event.key === "Home") to = 0;
    else if (event.key === "End") to = sections.length - 1;
    if (to === undefined) return;
    event.preventDefault();
    chooseSection(sections[to]!, true);
  };
  return { tabRefs, chooseSection, onTabKey };
}
