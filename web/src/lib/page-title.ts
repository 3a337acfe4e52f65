import { useEffect } from "react";

/** The tab's title of a staff or site page, "{title} — QR Menu"; left as it is while the title is not known yet. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} — QR Menu`;
  }, [title]);
}
