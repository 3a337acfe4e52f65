/**
 * The whole menu of one language as a plain page (`m/{company}/{store}/{lang}/all.html`), written
 * by the publish job for browsers without JavaScript: the pre-rendered menu page shows only its
 * first view and its <noscript> note links here. No script, a few inline styles, readable on a phone;
 * its section links and category chips are anchors within the page (issue 48, point 6).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { localizeDecimal } from "@/lib/decimal";
import { textDirection, type Language } from "@/i18n/languages";
import { GUEST_SECTIONS, type MenuView, type PublishedCategory, type PublishedItem } from "@menu/core/shared/published-menu";
import type { GuestIntl, GuestMessageId } from "./intl";
import { formatMoney } from "./money";
import { pagePath, plainText } from "./model";

const UNITS = new Set(["g", "kg", "l", "ml", "pieces"]);

const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1c1917;background:#fbfaf8}
main{max-width:40rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0}h2{font-size:1.3rem;margin:2rem 0 .5rem;border-bottom:2px solid #d6d3d1}
h3{font-size:1.1rem;margin:1.5rem 0 .25rem}h4{font-size:1rem;margin:1rem 0 .25rem}
ul{list-style:none;margin:0;padding:0}.items>li{padding:.5rem 0;border-bottom:1px solid #e7e5e4}
.description{white-space:pre-line}.item{display:flex;justify-content:space-between;gap:1rem;font-weight:600}.price{white-space:nowrap}
p{margin:.25rem 0;color:#57534e}a{color:#9a3412;display:inline-block;min-height:24px;padding:.25rem 0}
.sections{position:sticky;top:0;z-index:1;margin:0 -1rem;padding:0 1rem;background:#fbfaf8;border-bottom:1px solid #e7e5e4}
.sections ul,.chips{display:flex;flex-wrap:wrap;gap:0 1rem}.sections a{min-width:2.5rem;font-weight:600;text-align:center;padding:.5rem 0}
.chips{gap:.5rem}.chips a{padding:.125rem .75rem;border:1px solid #d6d3d1;border-radius:999px;text-decoration:none}
[id]{scroll-margin-top:3.5rem}li:target{outline:2px solid #9a3412;outline-offset:2px}
@media (prefers-color-scheme:dark){body,.sections{color:#f5f5f4;background:#0f0d0c}p{color:#d6d3d1}a{color:#fdba74}li:target{outline-color:#fdba74}.items>li,.sections{border-color:#44403c}.chips a{border-color:#57534e}}`;

/** The page's anchors: a section, a category, an item (`all.html#item-…` opens the page at it). */
export const fullMenuAnchor = {
  section: (section: string) => `section-${section}`,
  category: (id: string) => `cat-${id}`,
  item: (id: string) => `item-${id}`,
};

/** A text that is not in the page's language keeps its own (as the guest app marks it). */
const Text = ({ lang, children }: { lang?: string; children: string }) => (lang ? <span lang={lang}>{children}</span> : <>{children}</>);

function Item({ item, intl }: { item: PublishedItem; intl: GuestIntl }) {
  const description = plainText(item.description).trim();
  const weight = (p: PublishedItem["portions"][number]) =>
    !p.weight ? "" : UNITS.has(p.unit) ? intl.formatMessage({ id: `menu.unit.${p.unit}` as GuestMessageId }, { value: localizeDecimal(p.weight, intl.locale) }) : `${p.weight} ${p.unit}`;
  return (
    <li id={fullMenuAnchor.item(item.id)}>
      <div className="item">
        <Text lang={item.title_lang}>{item.title}</Text>
        {item.sold_out_until ? <span>{intl.formatMessage({ id: "menu.item.soldOut" })}</span> : null}
      </div>
      {description ? (
        <p className="description">
          <Text lang={item.description_lang}>{description}</Text>
        </p>
      ) : null}
      {item.portions.map((p) => (
        <p key={p.id} className="item">
          <span>{weight(p)}</span>
          <span className="price">{formatMoney(p.price, p.currency, intl.locale)}</span>
        </p>
      ))}
    </li>
  );
}

function Category({ category, items, level, intl }: { category: PublishedCategory; items: PublishedItem[]; level: 3 | 4; intl: GuestIntl }) {
  const Heading = level === 3 ? "h3" : "h4";
  return (
    <>
      <Heading id={fullMenuAnchor.category(category.id)}>
        <Text lang={category.name_lang}>{category.name}</Text>
      </Heading>
      {items.length ? (
        <ul className="items">
          {items.map((item) => (
            <Item key={item.id} item={item} intl={intl} />
          ))}
        </ul>
      ) : null}
    </>
  );
}

export function fullMenuPage({ menu, loaded }: MenuView, intl: GuestIntl): string {
  const lang = menu.language as Language;
  const { store } = menu;
  const title = intl.formatMessage({ id: "menu.full.title" }, { store: store.name });
  const tops = (section: string) => menu.categories.filter((c) => c.section === section && !c.parent_id);
  const itemsOf = (c: PublishedCategory) => loaded[c.id] ?? [];
  const childrenOf = (top: PublishedCategory) => menu.categories.filter((c) => c.parent_id === top.id);
  const sections = GUEST_SECTIONS.filter((s) => tops(s).length);
  const markup = renderToStaticMarkup(
    <main>
      <h1>
        <Text lang={store.name_lang}>{store.name}</Text>
      </h1>
      {store.address ? (
        <p>
          <Text lang={store.address_lang}>{store.address}</Text>
        </p>
      ) : null}
      <a href={pagePath(store.company_url_key, store.url_key, { kind: "menu" })}>{intl.formatMessage({ id: "menu.full.interactive" })}</a>
      {menu.hidden ? <p>{intl.formatMessage({ id: menu.hidden === "preparation" ? "menu.hidden.preparation" : "menu.hidden.inactive" })}</p> : null}
      {sections.length ? (
        // Section tabs and category chips as the menu page has them, here plain links to the page's
        // own anchors: they work without a script.
        <nav className="sections" aria-label={intl.formatMessage({ id: "menu.sectionsLabel" })}>
          <ul>
            {sections.map((section) => (
              <li key={section}>
                <a href={`#${fullMenuAnchor.section(section)}`}>{intl.formatMessage({ id: `menu.section.${section}` as GuestMessageId })}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {sections.map((section) => (
        <section key={section} data-section={section} aria-labelledby={fullMenuAnchor.section(section)}>
          <h2 id={fullMenuAnchor.section(section)}>{intl.formatMessage({ id: `menu.section.${section}` as GuestMessageId })}</h2>
          <ul className="chips" aria-label={intl.formatMessage({ id: "menu.categoriesLabel" })}>
              {tops(section)
                .flatMap((top) => [top, ...childrenOf(top)])
                .map((c) => (
                  <li key={c.id}>
                    <a href={`#${fullMenuAnchor.category(c.id)}`}>
                      <Text lang={c.name_lang}>{c.name}</Text>
                    </a>
                  </li>
                ))}
          </ul>
          {tops(section).map((top) => (
            <div key={top.id}>
              <Category category={top} items={itemsOf(top)} level={3} intl={intl} />
              {childrenOf(top).map((child) => (
                <Category key={child.id} category={child} items={itemsOf(child)} level={4} intl={intl} />
              ))}
            </div>
          ))}
        </section>
      ))}
    </main>,
  );
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  return (
    `<!doctype html>\n<html lang="${escape(menu.language)}" dir="${textDirection(lang)}">\n<head>\n<meta charset="UTF-8" />\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1" />\n<meta name="color-scheme" content="light dark" />\n` +
    `<title>${escape(title)}</title>\n<link rel="icon" type="image/svg+xml" href="/favicon.svg" />\n<style>${STYLE}</style>\n</head>\n<body>\n${markup}\n</body>\n</html>\n`
  );
}
