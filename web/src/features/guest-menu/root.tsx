import type { ReactNode } from "react";
import { GuestIntlProvider, type GuestIntl } from "./intl";
import type { MoneyPattern } from "./money";

/** The providers of a guest page outside the SPA (server rendering and the hydrated page). */
export function GuestRoot({ intl, children }: { intl: GuestIntl; children: ReactNode }) {
  return <GuestIntlProvider value={intl}>{children}</GuestIntlProvider>;
}

/** What the pre-rendered page tells the script that hydrates it. */
export type GuestBoot = {
  /** The index of the page's language. */
  dataUrl: string;
  /** The chunks the page's first view was rendered with. */
  chunkUrls: string[];
  /** The page's name ("menu", "promotions/0", "reviews") and the key of what it shows (`PublishedIndex.pages`). */
  page: string;
  version: string;
  renderedAt: string;
  language: string;
  /** The price formats of the page's interface language, by currency (see `MoneyPattern`). */
  money?: Record<string, MoneyPattern>;
};
