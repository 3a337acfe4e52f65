import { useAtomValue } from "jotai";
import type { CSSProperties } from "react";
import { useIntl } from "react-intl";
import { Toaster as SonnerToaster } from "sonner";
import { textDirection } from "@/i18n/languages";
import { activeLanguageAtom } from "@/state/language";

/**
 * Notifications with the numbers of SPEC section 9. Built into sonner 2 and matching the spec:
 * 200 ms removal delay, swipe velocity 0.11, Escape collapses, 600 px mobile breakpoint.
 * (sonner's swipe distance is a fixed 45 px, not the spec's 20 px.)
 */
const toasterStyle = { "--width": "356px" } as CSSProperties;

export function Toaster() {
  const language = useAtomValue(activeLanguageAtom);
  const intl = useIntl();
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
      containerAriaLabel={intl.formatMessage({ id: "toasts.region" })}
    />
  );
}
