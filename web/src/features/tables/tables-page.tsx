import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { Dialog } from "@/components/dialog";
import { FormAlert } from "@/components/form/fields";
import "@/components/layout/staff.css";
import type { CsObject } from "@/lib/admin-scope";
import { errorMessageFor } from "@/lib/errors";
import { cardsHref, qrHref, tablesQueryOptions, useDeleteTable, useReissueQr, useReorderTables, type TableRow } from "./api";
import { TableFormDialog } from "./table-form-dialog";
import "./tables.css";
import { PageHead } from "@/components/layout/page-head";

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}
const ICONS = {
  up: "M12 19V5M6 11l6-6 6 6",
  down: "M12 5v14M6 13l6 6 6-6",
  edit: "M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4",
  delete: "M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3",
  reissue: "M20 11a8 8 0 1 0-2.3 5.7M20 5v6h-6",
};

/** admin-panel/tables: the store's tables in index order; create, edit, delete, reorder, QR codes. */
export function TablesPage({ cs }: { cs: CsObject }) {
  const intl = useIntl();
  const tables = useQuery(tablesQueryOptions(cs.store_id));
  const [editing, setEditing] = useState<TableRow | "new" | undefined>();
  const [deleting, setDeleting] = useState<TableRow | undefined>();
  const [reissuing, setReissuing] = useState<TableRow | undefined>();
  const params = { company: cs.company_url_key, store: cs.store_url_key };

  useEffect(() => {
    document.title = `${intl.formatMessage({ id: "tables.title" })} — QR Menu`;
  }, [intl]);

  const remove = useDeleteTable(cs.store_id);
  const reissue = useReissueQr(cs.store_id);
  const reorder = useReorderTables(cs.store_id);
  const move = (i: number, by: -1 | 1) => {
    const ids = (tables.data ?? []).map((t) => t.table_id);
    const j = i + by;
    if (j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    reorder.mutate(ids);
  };

  const rows = tables.data ?? [];
  return (
    <>
      <PageHead title={<FormattedMessage id="tables.title" />} lead={<FormattedMessage id="tables.lead" />}>
        <div className="page-head__actions">
          {rows.length ? (
            <>
              <Link to="/$company/$store/admin-panel/tables/print" params={params} className="btn btn--ghost" data-testid="print-cards">
                <FormattedMessage id="tables.print" />
              </Link>
              <a href={cardsHref(cs.store_id)} className="btn btn--ghost" download data-testid="cards-pdf">
                <FormattedMessage id="tables.pdfAll" />
              </a>
            </>
          ) : null}
          <button type="button" className="btn btn--primary" onClick={() => setEditing("new")} data-testid="add-table">
            <FormattedMessage id="tables.add" />
          </button>
        </div>
      </PageHead>

      <section className="panel">
        {tables.isPending ? (
          <p role="status">
            <FormattedMessage id="common.loading" />
          </p>
        ) : tables.error ? (
          <FormAlert>{errorMessageFor(tables.error)}</FormAlert>
        ) : !rows.length ? (
          <p className="tables-empty" data-testid="tables-empty">
            <FormattedMessage id="tables.empty" />
          </p>
        ) : (
          <table className="data-table tables-table" data-testid="tables-table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">
                    <FormattedMessage id="tables.colOrder" />
                  </span>
                </th>
                <th scope="col">
                  <FormattedMessage id="tables.colPosition" />
                </th>
                <th scope="col">
                  <FormattedMessage id="tables.colName" />
                </th>
                <th scope="col">
                  <FormattedMessage id="tables.colQr" />
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    <FormattedMessage id="tables.colActions" />
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((t, i) => (
                <tr key={t.table_id} data-testid="table-row">
                  <td className="tables-table__order">
                    <button
                      type="button"
                      className="icon-button"
                      disabled={i === 0 || reorder.isPending}
                      aria-label={intl.formatMessage({ id: "tables.moveUp" }, { name: t.name })}
                      title={intl.formatMessage({ id: "tables.moveUp" }, { name: t.name })}
                      onClick={() => move(i, -1)}
                    >
                      <Icon d={ICONS.up} />
                    </button>
                    <button
                      type="button"
                      className="icon-button"
                      disabled={i === rows.length - 1 || reorder.isPending}
                      aria-label={intl.formatMessage({ id: "tables.moveDown" }, { name: t.name })}
                      title={intl.formatMessage({ id: "tables.moveDown" }, { name: t.name })}
                      onClick={() => move(i, 1)}
                    >
                      <Icon d={ICONS.down} />
                    </button>
                  </td>
                  <td className="tables-table__position" data-label={intl.formatMessage({ id: "tables.colPosition" })}>
                    {t.position}
                  </td>
                  <td>
                    <div className="data-table__primary">{t.name}</div>
                    {t.note ? <div className="data-table__secondary">{t.note}</div> : null}
                  </td>
                  <td data-label={intl.formatMessage({ id: "tables.colQr" })}>
                    <div className="tables-qr">
                      <a className="tables-qr__link" href={t.qr_url} target="_blank" rel="noreferrer" data-testid="qr-link">
                        /t/{t.qr_key}
                      </a>
                      <span className="tables-qr__downloads">
                        <a href={qrHref(t, "png")} download>
                          PNG
                        </a>
                        <a href={qrHref(t, "svg")} download>
                          SVG
                        </a>
                        <a href={cardsHref(cs.store_id, t.table_id)} download>
                          <FormattedMessage id="tables.card" />
                        </a>
                      </span>
                    </div>
                  </td>
                  <td>
                    <div className="data-table__actions">
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={intl.formatMessage({ id: "tables.reissue" }, { name: t.name })}
                        title={intl.formatMessage({ id: "tables.reissue" }, { name: t.name })}
                        onClick={() => setReissuing(t)}
                      >
                        <Icon d={ICONS.reissue} />
                      </button>
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={intl.formatMessage({ id: "tables.edit" }, { name: t.name })}
                        title={intl.formatMessage({ id: "tables.edit" }, { name: t.name })}
                        onClick={() => setEditing(t)}
                      >
                        <Icon d={ICONS.edit} />
                      </button>
                      <button
                        type="button"
                        className="icon-button icon-button--danger"
                        aria-label={intl.formatMessage({ id: "tables.delete" }, { name: t.name })}
                        title={intl.formatMessage({ id: "tables.delete" }, { name: t.name })}
                        onClick={() => setDeleting(t)}
                      >
                        <Icon d={ICONS.delete} />
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {editing ? (
        <TableFormDialog
          cs={cs}
          table={editing === "new" ? undefined : editing}
          nextPosition={rows.reduce((max, t) => Math.max(max, t.position), 0) + 1}
          onClose={() => setEditing(undefined)}
        />
      ) : null}

      <Dialog
        open={!!deleting}
        onClose={() => setDeleting(undefined)}
        size="sm"
        title={<FormattedMessage id="tables.deleteTitle" />}
        footer={
          <>
            <button type="button" className="btn btn--ghost" onClick={() => setDeleting(undefined)}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button type="button" className="btn btn--danger" disabled={remove.isPending} onClick={() =>
                deleting &&
                remove.mutate(deleting, {
                  onSuccess: () => {
                    toast.success(intl.formatMessage({ id: "tables.deleted" }));
                    setDeleting(undefined);
                  },
                })
              } data-testid="confirm-delete">
              <FormattedMessage id="common.delete" />
            </button>
          </>
        }
      >
        {deleting ? (
          <p>
            <FormattedMessage id="tables.deleteText" values={{ name: <strong>{deleting.name}</strong> }} />
          </p>
        ) : null}
      </Dialog>

      <Dialog
        open={!!reissuing}
        onClose={() => setReissuing(undefined)}
        size="sm"
        title={<FormattedMessage id="tables.reissueTitle" />}
        footer={
          <>
            <button type="button" className="btn btn--ghost" onClick={() => setReissuing(undefined)}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button type="button" className="btn btn--danger" disabled={reissue.isPending} onClick={() =>
                reissuing &&
                reissue.mutate(reissuing, {
                  onSuccess: () => {
                    toast.success(intl.formatMessage({ id: "tables.reissued" }));
                    setReissuing(undefined);
                  },
                })
              } data-testid="confirm-reissue">
              <FormattedMessage id="tables.reissueConfirm" />
            </button>
          </>
        }
      >
        {reissuing ? (
          <p>
            <FormattedMessage id="tables.reissueText" values={{ name: <strong>{reissuing.name}</strong> }} />
          </p>
        ) : null}
      </Dialog>
    </>
  );
}
