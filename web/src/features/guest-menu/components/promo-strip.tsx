import { pagePath, type PublishedCategory, type PublishedMenu } from "../model";
import { Foreign } from "./text-lang";

type Props = {
  categories: readonly PublishedCategory[];
  promotions: PublishedMenu["promotions"];
  company: string;
  storeKey: string;
  onGo: (to: string) => void;
};

/** Over the menu: a link to each promotion page, with the banner of its first promotion. */
export function PromoStrip({ categories, promotions, company, storeKey, onGo }: Props) {
  return (
    <ul className="promo-strip">
      {categories.map((c, index) => {
        const first = promotions.find((p) => p.category_id === c.id);
        return (
          <li key={c.id}>
            <a
              href={pagePath(company, storeKey, { kind: "promotions", position: c.position })}
              onClick={(e) => {
                e.preventDefault();
                onGo(pagePath(company, storeKey, { kind: "promotions", position: c.position }));
              }}
            >
              {first?.banner ? (
                <img
                  src={`/${first.banner}`}
                  alt=""
                  width={320}
                  height={160}
                  decoding="async"
                  // The first banner is the page's largest paint: the others never compete with it for a slow link.
                  {...(index === 0 ? { fetchPriority: "high" as const } : { loading: "lazy" as const, fetchPriority: "low" as const })}
                />
              ) : null}
              <span>
                <Foreign lang={c.name_lang}>{c.name}</Foreign>
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
