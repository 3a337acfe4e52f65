/**
 * The pre-rendered guest page's early script: a Vite entry of its own (no framework, no imports, a
 * few KB), run by the page's starter (starter.ts) once the first view is shown, or at the guest's
 * first touch when that comes first. It runs the app once the starter says the guest is at work
 * (the index first, then the styles, then the app's code), and before the app runs it
 * - fetches, at idle, what the app will need without running any of it: the app's scripts and
 *   styles, the menu's index, the first view's chunks and those of the categories after it (up to
 *   NEXT_ITEMS items); not with Save-Data;
 * - once the guest is at work, draws the categories after the first view, their titles from the
 *   index, into the place the page keeps for them (`.menu-later`): the sections and rows the app
 *   draws (menu-categories.tsx), which replace them once it is mounted;
 * - opens an item window drawn from the card when the guest taps one. The starter holds the tap and
 *   gives it to the app, whose own window takes this one's place.
 * What it draws is styled by the page's inline rules (ssr.tsx names those of the subcategories) and,
 * for the item window, by the rules it carries (components/item-window.css).
 */
import itemWindowCss from "./components/item-window.css?inline";
import type { Held, Shared, StarterConfig } from "./starter";
import { STARTER_CONFIG_ID } from "./starter-id";

type IndexCategory = { id: string; parent_id?: string; name: string; name_lang?: string; chunk?: string; items: { id: string; title: string; title_lang?: string }[] };
type Index = { categories: IndexCategory[] };

/** Items of the categories after the first view whose chunks are fetched at idle. */
const NEXT_ITEMS = 60;

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
/** A text in its own language when it is not the page's (as `Foreign` renders it). */
const foreign = (text: string, lang: string | undefined) => (lang ? `<bdi lang="${escape(lang)}" dir="auto">${escape(text)}</bdi>` : escape(text));

function early(shared: Shared, config: StarterConfig) {
  const root = document.getElementById("root");
  if (!root || shared.update) return;
  const indexUrl = config.data[0]!;
  // Requested by the starter beside this script, and shared with the app (fetchIndexOnce).
  const index = () => (shared.index = shared.index || fetch(indexUrl));
  const menu = () => index().then((response) => (response.ok ? (response.clone().json() as Promise<Index>) : Promise.reject(new Error(`${indexUrl}: ${response.status}`))));
  const link = (rel: string, href: string, cors: boolean, as?: string) => {
    const element = document.createElement("link");
    Object.assign(element, { rel, href }, cors ? { crossOrigin: "anonymous" } : {}, as ? { as } : {});
    document.head.appendChild(element);
    return element;
  };
  /** The leaf categories the page shows, in order: its category bar's chips. */
  const chips = () => [...root.querySelectorAll<HTMLElement>("[data-chip]")].map((chip) => chip.dataset.chip!);
  const keepsFilter = () => {
    try {
      return !!localStorage.getItem(config.filterKey);
    } catch {
      return false;
    }
  };

  // At idle, unless the guest is already at work: fetched, not run. The index first (what this
  // script draws comes from it), the rest once it is in: on a slow network they would share it.
  // A request costs a slow phone's main thread 10 to 20 ms: one per idle moment, so that they do
  // not add up to a long task.
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
  const idle = (then: () => void) => (typeof requestIdleCallback === "function" ? requestIdleCallback(then, { timeout: 2000 }) : setTimeout(then));
  const queue: [href: string, cors: boolean][] = [];
  const fetchQueued = () => {
    const next = queue.shift();
    if (!next || shared.started) return;
    link("prefetch", ...next);
    idle(fetchQueued);
  };
  const prefetch = () => {
    if (shared.started || saveData) return;
    menu()
      .then((m) => {
        queue.push(...config.styles.map((href): [string, boolean] => [href, false]));
        queue.push(...[...config.data.slice(1), config.script, ...config.chunks].map((href): [string, boolean] => [href, true]));
        // The next categories' chunks; they sit beside the index, in c/ (publishedKeys).
        const base = new URL(indexUrl, location.href);
        const byId = new Map(m.categories.map((c) => [c.id, c]));
        let items = 0;
        for (const id of chips()) {
          const c = byId.get(id);
          if (items >= NEXT_ITEMS) break;
          if (!c?.chunk || document.getElementById(`cat-${id}`)) continue;
          queue.push([new URL(`c/${c.chunk}.json`, base).pathname, true]);
          items += c.items.length;
        }
        idle(fetchQueued);
      })
      .catch(() => {});
  };
  idle(prefetch);

  // The app: first what this script draws from (the index, small), then the app's code: on a slow
  // network they would share it. The app draws what the page's inline styles leave out (the cart,
  // the filter): it runs once the guest stylesheets are in (or failed).
  const runApp = () => {
    index();
    for (const href of config.data.slice(1)) link("preload", href, true, "fetch");
    const sheets = config.styles.map((href) => {
      const sheet = link("stylesheet", href, false);
      return new Promise((done) => (sheet.onload = sheet.onerror = done));
    });
    void Promise.all(sheets).then(() => {
      for (const href of config.chunks) link("modulepreload", href, true, "script");
      const script = Object.assign(document.createElement("script"), { type: "module", crossOrigin: "anonymous", src: config.script, onerror: shared.release });
      document.head.appendChild(script);
    });
  };

  let appAsked = false;
  let released = false;
  let drawn = false;
  let itemWindow: HTMLDialogElement | undefined;
  // The item window's frame comes with this script (the page inlines only what its markup uses),
  // added at the first idle moment, in a task of its own (issue 48, point 7: not in the task that
  // runs this script): a style sheet added at the tap would have the page's styles computed again then.
  let styled = false;
  const addStyle = () => {
    if (styled) return;
    styled = true;
    document.head.appendChild(Object.assign(document.createElement("style"), { textContent: itemWindowCss }));
  };
  idle(addStyle);
  const seen = new Set<Held>();

  function drawLater(m: Index) {
    const place = root!.querySelector<HTMLElement>(".menu-later");
    if (released || !place || place.childElementCount) return;
    const byId = new Map(m.categories.map((c) => [c.id, c]));
    const carded = new Set([...root!.querySelectorAll<HTMLElement>("[data-item-id]")].map((card) => card.dataset.itemId));
    let room = Number(place.dataset.n);
    let html = "";
    let open = false;
    let done = false;
    const rows = (items: IndexCategory["items"]) =>
      items.length
        ? `<div class="item-list item-brief-list">${items
            .map((i) => `<div class="item-brief"><span class="photo item-brief__photo"></span><h3 class="item-brief__title">${foreign(i.title, i.title_lang)}</h3></div>`)
            .join("")}</div>`
        : "";
    // As MenuCategories lists them: each category's titles without a card, until BRIEF_ROWS run out.
    const add = (c: IndexCategory, child: boolean, parent: boolean) => {
      const rest = c.items.filter((i) => !carded.has(i.id));
      if (done || (rest.length && room <= 0)) return (done = true);
      const list = rows(rest.slice(0, room));
      room -= rest.length;
      done = room < 0;
      const id = escape(c.id);
      // A category the page shows already: its further titles follow its cards (it is the last one there).
      if (document.getElementById(`cat-${c.id}`)) html += list;
      else if (child) html += `<section class="menu-subcategory" id="cat-${id}" data-category-id="${id}"><h3 class="menu-subcategory__title" tabindex="-1">${foreign(c.name, c.name_lang)}</h3>${list}</section>`;
      else {
        html += `${open ? "</section>" : ""}<section class="menu-category" id="cat-${id}"${parent ? "" : ` data-category-id="${id}"`}><h2 class="menu-category__title" tabindex="-1">${foreign(c.name, c.name_lang)}</h2>${list}`;
        open = true;
      }
    };
    const visited = new Set<string>();
    for (const id of chips()) {
      const c = byId.get(id);
      const parent = c?.parent_id ? byId.get(c.parent_id) : undefined;
      if (!c) continue;
      if (parent && !visited.has(parent.id)) {
        visited.add(parent.id);
        add(parent, false, true);
      }
      add(c, !!parent, false);
      if (done) break;
    }
    place.innerHTML = html + (open ? "</section>" : "");
  }

  /** The item window of a tapped card, from what the card shows: photo, title, sold out, description, marks, prices. */
  function openWindow(card: Element, entry: Held) {
    if (released || itemWindow || entry.cancelled) return;
    addStyle();
    const part = (selector: string, className: string) => {
      const copy = card.querySelector(selector)?.cloneNode(true) as HTMLElement | undefined;
      if (copy) copy.className = className;
      return copy;
    };
    const dialog = document.createElement("dialog");
    dialog.className = "item-modal";
    dialog.dataset.testid = "item-early";
    dialog.setAttribute("aria-labelledby", "item-early-title");
    dialog.innerHTML =
      `<div class="item-modal__sheet"><button type="button" class="item-modal__close" aria-label="${escape(config.close)}">` +
      `<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/></svg></button>` +
      `<div class="item-modal__body"><h2 id="item-early-title" class="item-modal__title"></h2></div></div>`;
    const sheet = dialog.firstElementChild!;
    const body = sheet.lastElementChild!;
    const photo = part(".photo", "photo item-modal__photo");
    if (photo) sheet.insertBefore(photo, body);
    body.firstElementChild!.innerHTML = card.querySelector(".item-card__title")?.innerHTML ?? "";
    for (const [selector, className] of [
      [".sold-out-label", "sold-out-label"],
      [".item-card__text", "item-modal__text"],
      [".item-marks", "item-marks"],
      [".item-card__portions", "item-card__portions"],
    ] as const) {
      const copy = part(selector, className);
      if (copy) body.appendChild(copy);
    }
    // Closed by the guest: the tap is dropped, and focus goes back where it was (the card).
    const close = () => {
      entry.cancelled = true;
      dialog.close();
      dialog.remove();
      itemWindow = undefined;
    };
    sheet.querySelector("button")!.onclick = close;
    dialog.oncancel = (event) => {
      event.preventDefault();
      close();
    };
    dialog.onclick = (event) => event.target === dialog && close();
    // Without the app's "guest-modal-open" on the root: a style change there costs a slow phone a
    // pass over the whole page before the window shows.
    document.body.appendChild(dialog);
    dialog.showModal();
    itemWindow = dialog;
  }

  function update() {
    if (shared.started && !appAsked) {
      appAsked = true;
      // In a task of its own: the guest's touch is answered first (this script's item window).
      setTimeout(runApp);
    }
    if (released) return;
    if (shared.started && !drawn && !keepsFilter()) {
      drawn = true;
      menu()
        .then(drawLater)
        .catch(() => {}); // the app draws them
    }
    for (const entry of shared.held) {
      const card = entry.target.closest(".item-card__link")?.closest("[data-item-id]");
      if (!card || seen.has(entry)) continue;
      seen.add(entry);
      openWindow(card, entry);
    }
  }

  // The app is there: the starter gives it the held taps, and its item window takes this one's place
  // (a second at most; then this one goes anyway).
  document.addEventListener(
    config.readyEvent,
    () => {
      released = true;
      const shown = itemWindow;
      if (!shown) return;
      let frames = 60;
      const handOver = () => {
        const open = root.querySelector("dialog[open]");
        if (!open && frames-- > 0) return void requestAnimationFrame(handOver);
        shown.remove();
      };
      handOver();
    },
    { once: true },
  );
  shared.update = update;
  update();
}

const config = JSON.parse(document.getElementById(STARTER_CONFIG_ID)?.textContent ?? "null") as StarterConfig | null;
const shared = config && (window as unknown as Record<string, Shared | undefined>)[config.shared];
if (config && shared) early(shared, config);
