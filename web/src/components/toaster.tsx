import { useAtomValue } from "jotai";
import { useEffect, type CSSProperties } from "react";
import { useIntl } from "react-intl";
import { Toaster as SonnerToaster } from "sonner";
import { textDirection } from "@/i18n/languages";
import { activeLanguageAtom } from "@/i18n/language-state";
import { installToastSwipe, type SwipeDirection } from "./toast-swipe";
import "./toaster.css";

/**
 * Notifications with the numbers of SPEC section 9, the app's one toaster (features call sonner's
 * `toast`). Built into sonner 2 and matching the spec: duration 4000 ms, 3 visible, gap 14 px,
 * offset 32 px (16 px below the 600 px mobile breakpoint), width 356 px, removal 200 ms after
 * dismissal, swipe velocity 0.11 px/ms, Alt+T focuses, Escape collapses. sonner's swipe distance is
 * a fixed 45 px: `installToastSwipe` (./toast-swipe.ts) makes a swipe of 20 px dismiss.
 */
const toasterStyle = { "--width": "356px" } as CSSProperties;

/** Bottom-center toasts go away downwards or sideways (the same list for sonner and the 20 px rule). */
const SWIPE_DIRECTIONS: SwipeDirection[] = ["bottom", "left", "right"];

export function Toaster() {
  const language = useAtomValue(activeLanguageAtom);
  const intl = useIntl();
  useEffect(() => installToastSwipe(document, SWIPE_DIRECTIONS), []);
  return (
    <SonnerToaster
      position="bottom-center"
      richColors
      duration={4000}
      visibleToasts={3}
      gap={14}
      offset={32}
      mobileOffset={16}
      hotkey={["altKey", "KeyT"]}
      theme="system"
      dir={textDirection(language)}
      style={toasterStyle}
      swipeDirections={SWIPE_DIRECTIONS}
      containerAriaLabel={intl.formatMessage({ id: "toasts.region" })}
    />
  );
}
