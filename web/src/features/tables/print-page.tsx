import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { QR_OPTIONS } from "@menu/core/wifi/payload";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { FormAlert } from "@/components/form/fields";
import "@/components/layout/staff.css";
import { storeSettingsQueryOptions, type CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { tablesQueryOptions, type TableRow } from "./api";
import "./tables.css";
import { usePageTitle } from "@/lib/page-title";

/** "Scan to see the menu" in each menu language; the card shows the store's languages. */
const SCAN_LINE: Record<string, string> = {
  ru: "Отсканируйте, чтобы открыть меню",
  en: "Scan to see the menu",
  zh: "扫码查看菜单",
  ar: "امسح الرمز لعرض القائمة",
  tr: "Menüyü görmek için tarayın",
  fr: "Scannez pour voir le menu",
};

function QrSvg({ text }: { text: string }) {
  const [src, setSrc] = useState("");
  useEffect(() => {
    let live = true;
    void QRCode.toString(text, { ...QR_OPTIONS, type: "svg" }).then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`));
    return () => {
      live = false;
    };
  }, [text]);
  return <div className="print-card__qr">{src ? <img src={src} alt={text} width={220} height={220} /> : null}</div>;
}

function Card({ table, store }: { table: TableRow; store: { name: string; logo?: string; languages: string[] } }) {
  const intl = useIntl();
  // A name that only repeats the number ("Стол 7") is not printed twice.
  const label = intl.formatMessage({ id: "tables.cardNumber" }, { n: table.position });
  return (
    <article className="print-card" data-testid="print-card">
      {store.logo ? <img className="print-card__logo" src={store.logo} alt="" /> : null}
      <div className="print-card__store">{store.name}</div>
      <QrSvg text={table.qr_url} />
      <div className="print-card__number">
        {label}
      </div>
      {table.name !== label ? <div className="print-card__name">{table.name}</div> : null}
      <div className="print-card__scan">
        {store.languages.map((l) => (
          <div key={l} lang={l} dir={l === "ar" ? "rtl" : undefined}>
            {SCAN_LINE[l]}
          </div>
        ))}
      </div>
    </article>
  );
}

/** admin-panel/tables/print: one card per table, several per A4 page when printed. */
export function TablesPrintPage({ cs }: { cs: CsObject }) {
  const intl = useIntl();
  const tables = useQuery(tablesQueryOptions(cs.store_id));
  const settings = useQuery(storeSettingsQueryOptions(cs.store_id));
  const params = { company: cs.company_url_key, store: cs.store_url_key };

  usePageTitle(intl.formatMessage({ id: "tables.printTitle" }));

  const s = settings.data;
  const store = s
    ? { name: s.name, logo: s.logo_light ?? s.logo_dark, languages: [...new Set(["ru", ...s.languages])].filter((l) => SCAN_LINE[l]) }
    : undefined;
  const error = tables.error ?? settings.error;
  return (
    <>
      <div className="print-toolbar">
        <div>
          <h1 className="page-head__title">
            <FormattedMessage id="tables.printTitle" />
          </h1>
          <p className="page-head__lead">
            <FormattedMessage id="tables.printLead" />
          </p>
        </div>
        <div className="page-head__actions">
          <Link to="/$company/$store/admin-panel/tables" params={params} className="btn btn--ghost">
            <FormattedMessage id="tables.backToList" />
          </Link>
          <button type="button" className="btn btn--primary" onClick={() => window.print()} disabled={!tables.data?.length}>
            <FormattedMessage id="tables.printNow" />
          </button>
        </div>
      </div>
      {error ? (
        <FormAlert>{errorMessageFor(error)}</FormAlert>
      ) : !tables.data || !store ? (
        <p role="status">
          <FormattedMessage id="common.loading" />
        </p>
      ) : !tables.data.length ? (
        <p className="tables-empty">
          <FormattedMessage id="tables.empty" />
        </p>
      ) : (
        <div className="print-sheet">
          {tables.data.map((t) => (
            <Card key={t.table_id} table={t} store={store} />
          ))}
        </div>
      )}
    </>
  );
}
