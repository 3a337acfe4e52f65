import { useIntl } from "../intl";
import { languageNames, type Language } from "@/i18n/languages";
import type { PublishedIndex } from "../model";
import { Foreign } from "./text-lang";

type Props = {
  menu: PublishedIndex;
  table?: number;
  /** The table's own name from the table pass ("Терраса 3"; issue 48), shown instead of "Table 3". */
  tableName?: string;
  open?: boolean;
  onLanguage: (lang: string) => void;
  infoHref: string;
};

/** The guest header (120 px): logo for the colour scheme, name, address, table number, menu language. */
export function GuestHeader({ menu, table, tableName, open, onLanguage, infoHref }: Props) {
  const intl = useIntl();
  const { store } = menu;
  return (
    <header className="guest-header" data-testid="guest-header">
      {store.logo_light || store.logo_dark ? (
        <picture className="guest-header__logo">
          {store.logo_dark ? <source media="(prefers-color-scheme: dark)" srcSet={`/${store.logo_dark}`} /> : null}
          {/* Low: on a slow link the first banner (the largest paint) comes before a 56 px logo. */}
          <img src={`/${store.logo_light ?? store.logo_dark}`} alt="" width={56} height={56} decoding="async" fetchPriority="low" />
        </picture>
      ) : null}
      <div className="guest-header__text">
        <h1 className="guest-header__name">
          <Foreign lang={store.name_lang}>{store.name}</Foreign>
        </h1>
        {store.address ? (
          <a className="guest-header__address" href={infoHref} data-testid="header-address">
            {open !== undefined ? <span className={open ? "dot dot--open" : "dot dot--closed"} aria-hidden="true" /> : null}
            {/* Its own direction: a Russian address in an Arabic page is cut at its end, never at its start. */}
            <span className="guest-header__address-text" dir="auto" lang={store.address_lang}>
              {store.address}
            </span>
          </a>
        ) : null}
      </div>
      <div className="guest-header__side">
        {menu.languages.length > 1 ? (
          <label className="lang-select">
            <span className="visually-hidden">{intl.formatMessage({ id: "menu.language" })}</span>
            <select value={menu.language} onChange={(e) => onLanguage(e.target.value)} data-testid="menu-language">
              {menu.languages.map((lang) => (
                <option key={lang} value={lang} lang={lang}>
                  {languageNames[lang as Language] ?? lang}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {table ? (
          <span className="badge badge--accent" data-testid="table-badge">
            {tableName ? <bdi>{tableName}</bdi> : intl.formatMessage({ id: "menu.table" }, { number: table })}
          </span>
        ) : null}
      </div>
    </header>
  );
}
