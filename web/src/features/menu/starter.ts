/**
 * The inline script of the pre-rendered guest pages. The page is the server's markup, complete for
 * reading: a guest who only reads it runs no framework at all. The app (React, the menu's index and
 * the first view's chunks) is
 * requested when the guest first needs it:
 * - at the first sign of a guest at work: a touch, a pointer moving, a key, scrolling, focus;
 * - after the first view, when the markup is not what this guest should see: the address asks for
 *   an item or a section, or the guest keeps a menu filter (allergens left out).
 * A tap on the page before the app runs is held (the page shows it is waking up) and given to the
 * app once it is there, so it does what it would have done; a link to another page is left to the
 * browser. The view and the QR scan are counted here, so a guest who only reads counts too.
 */
/** Sent on the document by the guest app once it is interactive: the starter hands it the held taps. */
export const GUEST_READY_EVENT = "guest:ready";

export type StarterConfig = {
  /** The guest entry (a module script), its chunks and its stylesheets (the page inlines only what its markup uses). */
  script: string;
  chunks: string[];
  styles: string[];
  /** The published files the app starts with: the menu's index and the first view's chunks. */
  data: string[];
  /** The analytics endpoint and the store whose view this is. */
  events: string;
  storeId: string;
  language: string;
  /** The localStorage key of the guest's menu filter. */
  filterKey: string;
  /** The event the app sends on the document once it is interactive. */
  readyEvent: string;
};

/**
 * Inlined into the page as its source text, called with the config the page holds as JSON (ssr.tsx),
 * so the script is the same on every page and the CSP allows it by hash: it uses nothing from
 * outside its own body, and no more of the language than the guest app's own build (ES2020).
 */
export function starter(config: StarterConfig) {
  const html = document.documentElement;
  const root = document.getElementById("root");
  const wakers = ["pointerdown", "pointermove", "touchstart", "keydown", "wheel", "scroll", "focusin"];
  let started = false;

  const start = () => {
    if (started) return;
    started = true;
    countView();
    for (const type of wakers) removeEventListener(type, start, true);
    const links = [...config.data.map((href) => ({ rel: "preload", href, as: "fetch" })), ...config.chunks.map((href) => ({ rel: "modulepreload", href, as: "" }))];
    for (const { rel, href, as } of links) {
      const link = document.createElement("link");
      Object.assign(link, { rel, href, crossOrigin: "anonymous" }, as ? { as } : {});
      document.head.appendChild(link);
    }
    // The app draws what the page's inline styles leave out (the item window, the cart): it runs
    // once the guest stylesheets are in (or failed), fetched meanwhile beside its code.
    const sheets = config.styles.map((href) => {
      const link = document.createElement("link");
      Object.assign(link, { rel: "stylesheet", href });
      document.head.appendChild(link);
      return new Promise((done) => (link.onload = link.onerror = done));
    });
    Promise.all(sheets).then(() => {
      const script = document.createElement("script");
      Object.assign(script, { type: "module", crossOrigin: "anonymous", src: config.script });
      script.onerror = release;
      document.head.appendChild(script);
    });
  };

  // Before the app runs, what the guest does is kept and given to the app once it is there: a tap
  // (unless it leaves for another page), the arrow keys of the section tabs, a language chosen.
  const held: (() => void)[] = [];
  const keep = (event: Event, replay: () => void) => {
    event.stopPropagation();
    held.push(replay);
    html.classList.add("guest-waking");
    root?.setAttribute("aria-busy", "true");
    start();
  };
  const onClick = (event: MouseEvent) => {
    const target = (event.target as Element | null)?.closest?.<HTMLElement>("a[href], button, [role=button], [role=tab]");
    if (!target || !root?.contains(target)) return;
    if (target instanceof HTMLAnchorElement && (target.target || target.hasAttribute("download") || target.origin !== location.origin || target.pathname !== location.pathname)) return;
    event.preventDefault();
    keep(event, () => target.click());
  };
  const onKey = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (target.getAttribute?.("role") !== "tab" || !/^(Arrow(Left|Right)|Home|End)$/.test(event.key)) return;
    event.preventDefault();
    const { key } = event;
    keep(event, () => target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true })));
  };
  const onChange = (event: Event) => {
    const target = event.target as HTMLSelectElement;
    if (target.tagName !== "SELECT" || !root?.contains(target)) return;
    const { value } = target;
    keep(event, () => {
      target.value = value;
      target.dispatchEvent(new Event("change", { bubbles: true }));
    });
  };
  const holders = [
    ["click", onClick],
    ["keydown", onKey],
    ["change", onChange],
  ] as const;
  for (const [type, listener] of holders) addEventListener(type, listener as EventListener, true);

  // The app is there (or cannot come: offline, blocked, and the browser takes the taps as they are).
  function release() {
    for (const [type, listener] of holders) removeEventListener(type, listener as EventListener, true);
    html.classList.remove("guest-waking");
    root?.removeAttribute("aria-busy");
    for (const replay of held.splice(0)) replay();
  }

  let counted = false;
  const countView = () => {
    if (counted) return;
    counted = true;
    const table = Number(new URLSearchParams(location.search).get("table"));
    const events: object[] = [{ type: "menu_view", language: config.language }];
    if (Number.isInteger(table) && table > 0) events.push({ type: "qr_scan", table });
    const body = JSON.stringify({ store_id: config.storeId, events });
    try {
      if (navigator.sendBeacon(config.events, new Blob([body], { type: "application/json" }))) return;
    } catch {
      // no beacons: a keepalive request below
    }
    fetch(config.events, { method: "POST", body, headers: { "content-type": "application/json" }, credentials: "omit", keepalive: true }).catch(() => {});
  };

  // After the first view: the first contentful paint, the document's load (the first banner
  // included) and one more frame. A banner that never loads holds it 3 s at most; browsers without
  // paint timing go at load.
  const afterFirstView = (then: () => void) => {
    let done = false;
    const go = () => {
      if (!done) then();
      done = true;
    };
    const onLoad = (f: () => void) => (document.readyState === "complete" ? f() : addEventListener("load", f));
    const painted = () => {
      onLoad(() => requestAnimationFrame(() => setTimeout(go, 0)));
      setTimeout(go, 3000);
    };
    const Observer = window.PerformanceObserver;
    if (!Observer?.supportedEntryTypes?.includes("paint")) return onLoad(go);
    const observer = new Observer((list) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      painted();
    });
    observer.observe({ type: "paint", buffered: true });
  };

  const keepsFilter = () => {
    try {
      return !!localStorage.getItem(config.filterKey);
    } catch {
      return false; // storage disabled: no filter
    }
  };
  document.addEventListener(config.readyEvent, release, { once: true });
  // The view is counted when the app is requested or when the guest leaves (the page hidden), so
  // the first view does no network work of its own.
  document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && countView());
  addEventListener("pagehide", countView);
  afterFirstView(() => {
    if (/[?&](item|section)=/.test(location.search) || keepsFilter()) start();
  });
  for (const type of wakers) addEventListener(type, start, { capture: true, passive: true });
}

