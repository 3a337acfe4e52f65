import { mediaUrl, photoSrcSet } from "@menu/core/media/variants";
import { FormattedMessage } from "react-intl";

/** A card's picture in a fixed box, with the "no photo" placeholder underneath. */
export function CardPhoto({ src, wide = false }: { src?: string; wide?: boolean }) {
  return (
    <div className={wide ? "ma-photo ma-photo--wide" : "ma-photo"}>
      <span className="ma-photo__placeholder" aria-hidden={src ? true : undefined}>
        <FormattedMessage id="menuAdmin.noPhoto" />
      </span>
      {src ? <img className="ma-photo__img" src={mediaUrl(src)} srcSet={photoSrcSet(src)} sizes={wide ? "(min-width: 768px) 360px, 100vw" : "112px"} alt="" loading="lazy" decoding="async" /> : null}
    </div>
  );
}
