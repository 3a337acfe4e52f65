/** How the guest pages read and change the address: the router in the SPA, the History API when hydrated alone. */
export type GuestNav = {
  subscribe(listener: () => void): () => void;
  getHref(): string;
  push(href: string): void;
  replace(href: string): void;
};

/** A fixed address (server rendering). */
export const staticNav = (href: string): GuestNav => ({
  subscribe: () => () => {},
  getHref: () => href,
  push: () => {},
  replace: () => {},
});

/** The browser's History API (the pre-rendered page hydrated without the router). */
export function browserNav(): GuestNav {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  window.addEventListener("popstate", notify);
  const href = () => location.pathname + location.search + location.hash;
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getHref: href,
    push: (to) => {
      if (to === href()) return;
      history.pushState(null, "", to);
      notify();
    },
    replace: (to) => {
      history.replaceState(null, "", to);
      notify();
    },
  };
}
