import { Provider as JotaiProvider, type createStore } from "jotai";
import type { ReactNode } from "react";
import { RawIntlProvider, type IntlShape } from "react-intl";

/** The providers of a guest page outside the SPA (server rendering and the hydrated page). */
export function GuestRoot({ intl, store, children }: { intl: IntlShape; store: ReturnType<typeof createStore>; children: ReactNode }) {
  return (
    <JotaiProvider store={store}>
      <RawIntlProvider value={intl}>{children}</RawIntlProvider>
    </JotaiProvider>
  );
}

/** What the pre-rendered page tells the script that hydrates it. */
export type GuestBoot = { dataUrl: string; version: string; renderedAt: string; language: string };
