/**
 * SPEC sections 4 and 9: a notification is dismissed by a swipe of 20 px or more, or one faster
 * than 0.11 px/ms. sonner 2 (the toaster of the app, `web/node_modules/sonner/dist/index.mjs`)
 * measures the swipe itself: while the pointer moves it writes the move along the locked axis to
 * the toast's `--swipe-amount-x` / `--swipe-amount-y`, and on release its `onPointerUp` dismisses
 * when that amount is at least its `SWIPE_THRESHOLD` (a constant 45 px, not an option) or the speed
 * is above 0.11 px/ms, in one of the toaster's `swipeDirections`.
 *
 * This module brings the distance down to the specification's: it sees the release first (capture
 * phase on the document, before React's listener on the root) and, when the swipe qualifies by the
 * specification's numbers, shows sonner an amount of its threshold, so sonner runs its own
 * dismissal (swipe-out animation, `onDismiss`, removal 200 ms later). Right after sonner's handler
 * (bubble phase on the window) the real amount is put back, so the exit animation starts where
 * the finger left the toast. Anything sonner does not swipe (buttons, loading toasts, selected
 * text, a direction not allowed) shows no amount and is left alone.
 */

/** SPEC section 9: the distance that dismisses (px) and the speed that does (px/ms). */
export const SWIPE_DISTANCE_PX = 20;
export const SWIPE_VELOCITY_PX_PER_MS = 0.11;
/** sonner 2's own distance (`SWIPE_THRESHOLD` in its source). */
const SONNER_SWIPE_THRESHOLD_PX = 45;

export type SwipeDirection = "top" | "bottom" | "left" | "right";

/**
 * Whether a release dismisses: `amountX` / `amountY` is the move along the locked axis (the other
 * is 0), `ms` the time since the pointer went down.
 */
export function swipeDismisses(amountX: number, amountY: number, ms: number, directions: readonly SwipeDirection[]): boolean {
  const horizontal = Math.abs(amountX) >= Math.abs(amountY);
  const amount = horizontal ? amountX : amountY;
  if (amount === 0) return false;
  const direction: SwipeDirection = horizontal ? (amount > 0 ? "right" : "left") : amount > 0 ? "bottom" : "top";
  if (!directions.includes(direction)) return false;
  const distance = Math.abs(amount);
  return distance >= SWIPE_DISTANCE_PX || (ms > 0 && distance / ms > SWIPE_VELOCITY_PX_PER_MS);
}

const amountOf = (toast: HTMLElement, axis: "x" | "y") => Number.parseFloat(toast.style.getPropertyValue(`--swipe-amount-${axis}`)) || 0;

/** Installs the swipe rule on a document; returns the uninstaller. */
export function installToastSwipe(doc: Document, directions: readonly SwipeDirection[]): () => void {
  const view = doc.defaultView;
  let down: { pointerId: number; at: number } | undefined;
  let restore: (() => void) | undefined;

  const toastOf = (event: Event) =>
    event.target instanceof Element ? event.target.closest<HTMLElement>("[data-sonner-toaster] [data-sonner-toast]") : null;

  const onDown = (event: PointerEvent) => {
    down = toastOf(event) ? { pointerId: event.pointerId, at: event.timeStamp } : undefined;
  };
  const onUp = (event: PointerEvent) => {
    const start = down;
    down = undefined;
    const toast = toastOf(event);
    if (!start || start.pointerId !== event.pointerId || !toast || toast.dataset.removed === "true") return;
    const x = amountOf(toast, "x");
    const y = amountOf(toast, "y");
    if (Math.max(Math.abs(x), Math.abs(y)) >= SONNER_SWIPE_THRESHOLD_PX) return; // sonner dismisses it anyway
    if (!swipeDismisses(x, y, event.timeStamp - start.at, directions)) return;
    const axis = Math.abs(x) >= Math.abs(y) ? "x" : "y";
    const real = axis === "x" ? x : y;
    toast.style.setProperty(`--swipe-amount-${axis}`, `${Math.sign(real) * SONNER_SWIPE_THRESHOLD_PX}px`);
    restore = () => {
      restore = undefined;
      // Only if sonner kept the shown amount (it resets it to 0 when it does not dismiss).
      if (amountOf(toast, axis) === Math.sign(real) * SONNER_SWIPE_THRESHOLD_PX) toast.style.setProperty(`--swipe-amount-${axis}`, `${real}px`);
    };
    // If something stops the event before the window sees it, the next frame puts it back.
    view?.requestAnimationFrame(() => restore?.());
  };
  const afterSonner = () => restore?.();
  const onCancel = () => {
    down = undefined;
  };

  doc.addEventListener("pointerdown", onDown, true);
  doc.addEventListener("pointerup", onUp, true);
  doc.addEventListener("pointercancel", onCancel, true);
  view?.addEventListener("pointerup", afterSonner);
  return () => {
    doc.removeEventListener("pointerdown", onDown, true);
    doc.removeEventListener("pointerup", onUp, true);
    doc.removeEventListener("pointercancel", onCancel, true);
    view?.removeEventListener("pointerup", afterSonner);
  };
}
