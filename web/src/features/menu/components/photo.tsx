import { photoSrcSet } from "@menu/core/media/variants";
import { useIntl } from "react-intl";

/**
 * An item photo: fills its box at any width (aspect-ratio box, object-fit), loads lazily, and shows
 * the placeholder (per language) underneath while it loads and when there is none.
 */
export function Photo({ src, alt, eager = false, className }: { src?: string; alt: string; eager?: boolean; className?: string }) {
  const intl = useIntl();
  return (
    <div className={`photo ${className ?? ""}`}>
      <span className="photo__placeholder" aria-hidden={src ? true : undefined}>
        {intl.formatMessage({ id: "menu.noPhoto" })}
      </span>
      {src ? (
        <img
          className="photo__img"
          src={`/${src}`}
          srcSet={photoSrcSet(src)}
          alt={alt}
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
