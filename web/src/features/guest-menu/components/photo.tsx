import { photoSrcSet } from "@menu/core/media/variants";
import { PhotoPlaceholderArt } from "@/components/photo-placeholder-art";
import { useIntl } from "../intl";

/**
 * An item photo: fills its box at any width (aspect-ratio box, object-fit), loads lazily; without a
 * photo the placeholder of its kind (per language) is shown.
 */
export function Photo({
  src,
  alt,
  altLang,
  kind,
  eager = false,
  className,
}: {
  src?: string;
  alt: string;
  /** The language of `alt` when it is not the page's (a title without a translation). */
  altLang?: string;
  kind?: string;
  eager?: boolean;
  className?: string;
}) {
  const intl = useIntl();
  const caption = src ? "" : intl.formatMessage({ id: kind === "game" ? "placeholder.game" : "placeholder.product" });
  return (
    <div className={`photo ${className ?? ""}`}>
      {/* With a photo, the box's own background shows while it loads (less markup for a long menu). */}
      {src ? null : <PhotoPlaceholderArt kind={kind} caption={caption} className="photo__placeholder" />}
      {src ? (
        <img
          className="photo__img"
          src={`/${src}`}
          srcSet={photoSrcSet(src)}
          alt={alt}
          lang={altLang}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          width={400}
          height={300}
          sizes="(min-width: 768px) 240px, 112px"
        />
      ) : null}
    </div>
  );
}
