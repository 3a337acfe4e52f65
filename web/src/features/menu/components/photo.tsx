import { photoSrcSet } from "@menu/core/media/variants";
import { PhotoPlaceholder } from "@/components/photo-placeholder";

/**
 * An item photo: fills its box at any width (aspect-ratio box, object-fit), loads lazily, and shows
 * the placeholder of its kind (per language) underneath while it loads and when there is none.
 */
export function Photo({ src, alt, kind, eager = false, className }: { src?: string; alt: string; kind?: string; eager?: boolean; className?: string }) {
  return (
    <div className={`photo ${className ?? ""}`}>
      <PhotoPlaceholder kind={kind} className="photo__placeholder" hidden={Boolean(src)} />
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
