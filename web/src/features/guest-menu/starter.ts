/**
 * The inline script of the pre-rendered guest pages. The page is the server's markup, complete for
 * reading: a guest who only reads it runs no framework at all. Once the first view is on screen,
 * the page's early script (early.ts, a few KB) is run: at idle, it fetches the app's scripts and
 * styles, the menu's index and the chunks of the first view and of the categories after it, but
 * does not run them. It runs the app when the guest first needs it:
 * - at the first sign of a guest at work: a touch, a pointer moving, a key, scrolling, focus;
 * - after the first view, when the markup is not what this guest should see: the address asks for
 *   an item or a section, or the guest keeps a menu filter (allergens left out).
 * A tap on the page before the app runs is held (the page shows it is waking up) and given to the
 * app once it is there, so it does what it would have done; a link to another page is left to the
 * browser. Meanwhile the early script draws the titles of the categories after the first view and
 * an item window for a tapped card. The view and the QR scan are counted here, so a guest who only
 * reads counts too.
 */
import type { GuestEvent, sendGuestEvents } from "./beacon";

/** Sent on the document by the guest app once it is interactive: the starter hands it the held taps. */
export const GUEST_READY_EVENT = "guest:ready";
/** The window property of what the starter shares (`Shared`). */
export const GUEST_SHARED = "__guestStarter";

/** A tap (or key) held until the app runs; `cancelled` drops it (the guest closed its early item window). */
export type Held = { replay: () => void; target: Element; cancelled?: boolean };
/** What the starter shares with the early script and the app. */
export type Shared = {
  held: Held[];
  /** Gives the held taps to the app, or to the browser when the app cannot load. */
  release: () => void;
  /** The guest is at work: the early script runs the app. */
  started?: boolean;
  /** The menu's index, requested once with the early script; readers take a copy (`fetchIndexOnce`). */
  index?: Promise<Response>;
  /** Set by the early script: told when the guest starts (it runs the app) and when a tap is held. */
  update?: () => void;
};

/** The index at `url`: the copy the page already asked for, else a request of its own. */
export function fetchIndexOnce(url: string): Promise<Response> {
  const shared = (window as unknown as Record<string, Shared | undefined>)[GUEST_SHARED];
  const index = shared?.index;
  if (!index) return fetch(url);
  shared.index = undefined;
  return index.then(
    (response) => response.clone(),
    () => fetch(url),
  );
}

export type StarterConfig = {
  /** The guest entry (a module script), its chunks and its stylesheets (the page inlines only what its markup uses); the early script loads them. */
  script: string;
  chunks: string[];
  styles: string[];
  /** The published files the app starts with: the menu's index and the first view's chunks. */
  data: string[];
  /** The early script (early.ts: it finds this config by STARTER_CONFIG_ID), and `GUEST_SHARED`. */
  early: string;
  shared: string;
  /** The item window's close button's name (the early script draws one). */
  close: string;
  /** The store whose view this is, in the page's menu language. */
  storeId: string;
  language: Extract<GuestEvent, { type: "menu_view" }>["language"];
  /** The localStorage key of the guest's menu filter. */
  filterKey: string;
  /** The event the app sends on the document once it is interactive. */
  readyEvent: string;
  /** When the store's guests may call staff: how a table pass for it begins (calls/pass.ts `passPrefix`); it keeps the call bar's place from the first paint. */
  calls?: string;
};

/**
 * Inlined into the page as its source text, called with the config the page holds as JSON (ssr.tsx)
 * and the beacon (beacon.ts, inlined the same way), so the script is the same on every page and the
 * CSP allows it by hash: it uses nothing from outside its own body, and no more of the language than
 * the guest app's own build (ES2020).
 */
export function starter(config: StarterConfig, send: typeof sendGuestEvents) {
  const html = document.documentElement;
  const root = document.getElementById("root");
  const wakers = ["pointerdown", "pointermove", "touchstart", "keydown", "wheel", "scroll", "focusin"];
  // A table pass for this store (its cookie ends with the pass): the call bar's box is drawn now,
  // before the page shows, so nothing moves when the app fills it (issue 48).
  if (config.calls && document.cookie.includes(`table_pass=${config.calls}`)) html.classList.add("table-pass");
  const shared: Shared = { held: [], release };
  (window as unknown as Record<string, Shared>)[config.shared] = shared;
  // The early script does what comes before the app, and starts the app (early.ts). If it cannot
  // load, the held taps go to the browser as they are. What it draws first comes from the index,
  // requested beside it.
  // Two tasks after the first view, not one (issue 48, point 7): a request costs a slow phone's main
  // thread 10 to 20 ms, the script element as much again; together they made a long task.
  let early: HTMLScriptElement | undefined;
  let asked = false;
  const addEarly = () => {
    if (early) return;
    early = document.createElement("script");
    Object.assign(early, { type: "module", crossOrigin: "anonymous", src: config.early, onerror: release });
    document.head.appendChild(early);
  };
  const runEarly = (now?: boolean) => {
    if (!asked) shared.index = fetch(config.data[0]!);
    asked = true;
    if (now) addEarly();
    else idle(addEarly);
  };
  const idle = (then: () => void) => (typeof requestIdleCallback === "function" ? requestIdleCallback(then, { timeout: 1000 }) : setTimeout(then, 0));

  const start = () => {
    if (shared.started) return;
    shared.started = true;
    for (const type of wakers) removeEventListener(type, start, true);
    runEarly(true);
    shared.update?.();
    // In a task of its own: the guest's touch is answered first.
    setTimeout(countView);
  };

  // Before the app runs, what the guest does is kept and given to the app once it is there: a tap
  // (unless it leaves for another page), the arrow keys of the section tabs, a language chosen.
  const keep = (event: Event, replay: () => void) => {
    event.stopPropagation();
    shared.held.push({ replay, target: event.target as Element });
    html.classList.add("guest-waking");
    root?.setAttribute("aria-busy", "true");
    start();
    shared.update?.();
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
    for (const entry of shared.held.splice(0)) if (!entry.cancelled) entry.replay();
  }

  let counted = false;
  const countView = () => {
    if (counted) return;
    counted = true;
    const table = Number(new URLSearchParams(location.search).get("table"));
    const events: GuestEvent[] = [{ type: "menu_view", language: config.language }];
    if (Number.isInteger(table) && table > 0) events.push({ type: "qr_scan", table });
    send(config.storeId, events);
  };

  // After the first view: the first contentful paint, the document's load (the first banner
  // included), one more frame and then an idle moment (the frame's own work, images decoded and
  // painted, is done first). A banner that never loads holds it 3 s at most; browsers without paint
  // timing go at load.
  const afterFirstView = (then: () => void) => {
    let done = false;
    const go = () => {
      if (!done) then();
      done = true;
    };
    const onLoad = (f: () => void) => (document.readyState === "complete" ? f() : addEventListener("load", f));
    const painted = () => {
      onLoad(() => requestAnimationFrame(() => idle(go)));
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
    else runEarly();
  });
  for (const type of wakers) addEventListener(type, start, { capture: true, passive: true });
}

