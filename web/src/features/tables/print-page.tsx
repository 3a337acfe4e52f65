import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { mediaUrl } from "@menu/core/media/variants";
import { cardLanguages, cardName, cardTitle, SCAN_LINE } from "@menu/core/shared/table-card-words";
import { QR_OPTIONS } from "@menu/core/shared/wifi-payload";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { FormAlert } from "@/components/form/fields";
import "@/components/layout/staff.css";
import { storeSettingsQueryOptions, type CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { cardsHref, tablesQueryOptions, type TableRow } from "./api";
import "./tables.css";
import { usePageTitle } from "@/lib/page-title";

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

type CardStore = { name: string; logo?: string; languages: ReturnType<typeof cardLanguages> };

/** One card, line for line what the PDF (render/table-cards-pdf.ts) draws, from the same words. */
function Card({ table, store }: { table: TableRow; store: CardStore }) {
  const name = cardName(table);
  return (
    <article className="print-card" data-testid="print-card">
      {store.logo ? <img className="print-card__logo" src={mediaUrl(store.logo)} alt="" data-testid="print-logo" /> : null}
      <div className="print-card__store">{store.name}</div>
      <QrSvg text={table.qr_url} />
      <div className="print-card__number" data-testid="print-card-title">
        {cardTitle(table)}
      </div>
      {name ? <div className="print-card__name">{name}</div> : null}
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

/**
 * admin-panel/tables/print: one card per table (or per chosen table, `?ids=`), four per A4 page when
 * printed, laid out as the PDF lays them out.
 */
export function TablesPrintPage({ cs, ids }: { cs: CsObject; ids?: string[] }) {
  const intl = useIntl();
  const tables = useQuery(tablesQueryOptions(cs.store_id));
  const settings = useQuery(storeSettingsQueryOptions(cs.store_id));
  const params = { company: cs.company_url_key, store: cs.store_url_key };

  usePageTitle(intl.formatMessage({ id: "tables.printTitle" }));

  const s = settings.data;
  const store: CardStore | undefined = s ? { name: s.name, logo: s.logo_light ?? s.logo_dark, languages: cardLanguages(s.languages) } : undefined;
  const chosen = ids && new Set(ids);
  const rows = tables.data?.filter((t) => !chosen || chosen.has(t.table_id));
  const error = tables.error ?? settings.error;
  return (
    <>
      <div className="print-toolbar">
        <div>
          <h1 className="page-head__title">
            <FormattedMessage id="tables.printTitle" />
          </h1>
          <p className="page-head__lead">
            {chosen ? <FormattedMessage id="tables.printChosenLead" values={{ count: rows?.length ?? 0 }} /> : <FormattedMessage id="tables.printLead" />}
          </p>
        </div>
        <div className="page-head__actions">
          <Link to="/$company/$store/admin-panel/tables" params={params} className="btn btn--ghost">
            <FormattedMessage id="tables.backToList" />
          </Link>
          {rows?.length ? (
            <a href={cardsHref(cs.store_id, { tableIds: ids })} className="btn btn--ghost" download data-testid="print-pdf">
              <FormattedMessage id="tables.pdf" />
            </a>
          ) : null}
          <button type="button" className="btn btn--primary" onClick={() => window.print()} disabled={!rows?.length}>
            <FormattedMessage id="tables.printNow" />
          </button>
        </div>
      </div>
      {error ? (
        <FormAlert>{errorMessageFor(error)}</FormAlert>
      ) : !rows || !store ? (
        <p role="status">
          <FormattedMessage id="common.loading" />
        </p>
      ) : !rows.length ? (
        <p className="tables-empty">
          <FormattedMessage id="tables.empty" />
        </p>
      ) : (
        <div className="print-sheet">
          {rows.map((t) => (
            <Card key={t.table_id} table={t} store={store} />
          ))}
        </div>
      )}
    </>
  );
}
