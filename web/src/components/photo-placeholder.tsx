import { useIntl } from "react-intl";
import { PhotoPlaceholderArt } from "./photo-placeholder-art";

/**
 * The empty-image placeholder (SPEC section 9: one per language for products and games): a drawing
 * of the kind with its caption in the interface language. Hookahs are products here. Used by the
 * admin item cards; the guest menu draws the same `PhotoPlaceholderArt` with its own catalog.
 */
export function PhotoPlaceholder({ kind, className, hidden }: { kind?: string; className?: string; hidden?: boolean }) {
  const intl = useIntl();
  const caption = intl.formatMessage({ id: kind === "game" ? "placeholder.game" : "placeholder.product" });
  return <PhotoPlaceholderArt kind={kind} caption={caption} className={className} hidden={hidden} />;
}
