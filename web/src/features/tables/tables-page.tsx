import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DataTable, type Column } from "@/components/data-table";
import { IconButton } from "@/components/icon-button";
import "@/components/layout/staff.css";
import { PageHead } from "@/components/layout/page-head";
import type { MessageId } from "@/i18n/catalogs";
import type { CsObject } from "@/lib/admin-scope";
import { TABLE_CARDS_CHOSEN_MAX } from "@menu/core/tables/schemas";
import { cardsHref, qrHref, tablesQueryOptions, useDeleteTable, useReissueQr, useReorderTables, type TableRow } from "./api";
import { TableFormDialog } from "./table-form-dialog";
import { TablesBulkDialog } from "./tables-bulk-dialog";
import "./tables.css";
import { usePageTitle } from "@/lib/page-title";

const EMPTY = { message: "tables.empty", className: "tables-empty", testId: "tables-empty" } as const;

/**
 * admin-panel/tables: the store's tables in index order; create (one or several), edit, delete,
 * reorder, QR codes; choose tables to print or download the cards of those only.
 */
export function TablesPage({ cs }: { cs: CsObject }) {
  const intl = useIntl();
  const tables = useQuery(tablesQueryOptions(cs.store_id));
  const [editing, setEditing] = useState<TableRow | "new" | "many" | undefined>();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [deleting, setDeleting] = useState<TableRow | undefined>();
  const [reissuing, setReissuing] = useState<TableRow | undefined>();
  const params = { company: cs.company_url_key, store: cs.store_url_key };

  usePageTitle(intl.formatMessage({ id: "tables.title" }));

  const remove = useDeleteTable(cs.store_id);
  const reissue = useReissueQr(cs.store_id);
  const reorder = useReorderTables(cs.store_id);
  const deleted = () => {
    toast.success(intl.formatMessage({ id: "tables.deleted" }));
    setDeleting(undefined);
  };
  const reissued = () => {
    toast.success(intl.formatMessage({ id: "tables.reissued" }));
    setReissuing(undefined);
  };
  const move = (i: number, by: -1 | 1) => {
    const ids = (tables.data ?? []).map((t) => t.table_id);
    const j = i + by;
    if (j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    reorder.mutate(ids);
  };

  const rows = tables.data ?? [];
  // Only tables that still exist stay chosen (one may have been deleted meanwhile).
  const chosenIds = rows.filter((r) => chosen.has(r.table_id)).map((r) => r.table_id);
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allChosen = rows.length > 0 && chosenIds.length === rows.length;
  const t = (id: MessageId) => intl.formatMessage({ id });
  const columns: Column<TableRow>[] = [
    {
      header: t("tables.selectAll"),
      hiddenHeader: true,
      className: "tables-table__choose",
      cell: (row) => (
        <input
          type="checkbox"
          className="tables-table__check"
          checked={chosen.has(row.table_id)}
          onChange={(e) => toggle(row.table_id, e.target.checked)}
          aria-label={intl.formatMessage({ id: "tables.select" }, { name: row.name })}
          data-testid="choose-table"
        />
      ),
    },
    {
      header: t("tables.colOrder"),
      hiddenHeader: true,
      className: "tables-table__order",
      cell: (row, i) => (
        <>
          <IconButton icon="up" label={intl.formatMessage({ id: "tables.moveUp" }, { name: row.name })} disabled={i === 0 || reorder.isPending} onClick={() => move(i, -1)} />
          <IconButton icon="down" label={intl.formatMessage({ id: "tables.moveDown" }, { name: row.name })} disabled={i === rows.length - 1 || reorder.isPending} onClick={() => move(i, 1)} />
        </>
      ),
    },
    { header: t("tables.colPosition"), labelled: true, className: "tables-table__position", cell: (row) => row.position },
    {
      header: t("tables.colName"),
      cell: (row) => (
        <>
          <div className="data-table__primary">{row.name}</div>
          {row.note ? <div className="data-table__secondary">{row.note}</div> : null}
        </>
      ),
    },
    { header: t("tables.colQr"), labelled: true, cell: (row) => <QrLinks table={row} /> },
    {
      header: t("tables.colActions"),
      hiddenHeader: true,
      cell: (row) => (
        <div className="data-table__actions">
          <IconButton icon="reissue" label={intl.formatMessage({ id: "tables.reissue" }, { name: row.name })} onClick={() => setReissuing(row)} />
          <IconButton icon="edit" label={intl.formatMessage({ id: "tables.edit" }, { name: row.name })} onClick={() => setEditing(row)} />
          <IconButton icon="delete" danger label={intl.formatMessage({ id: "tables.delete" }, { name: row.name })} onClick={() => setDeleting(row)} />
        </div>
      ),
    },
  ];
  return (
    <>
      <PageHead title={<FormattedMessage id="tables.title" />} lead={<FormattedMessage id="tables.lead" />}>
        <div className="page-head__actions">
          {rows.length && !chosenIds.length ? (
            <>
              <Link to="/$company/$store/admin-panel/tables/print" params={params} className="btn btn--ghost" data-testid="print-cards">
                <FormattedMessage id="tables.print" />
              </Link>
              <a href={cardsHref(cs.store_id)} className="btn btn--ghost" download data-testid="cards-pdf">
                <FormattedMessage id="tables.pdfAll" />
              </a>
            </>
          ) : null}
          <button type="button" className="btn btn--secondary" onClick={() => setEditing("many")} data-testid="add-tables">
            <FormattedMessage id="tables.addMany" />
          </button>
          <button type="button" className="btn btn--primary" onClick={() => setEditing("new")} data-testid="add-table">
            <FormattedMessage id="tables.add" />
          </button>
        </div>
      </PageHead>

      <section className="panel">
        {rows.length ? (
          <div className="tables-choice" data-testid="tables-choice">
            <label className="tables-choice__all">
              <input
                type="checkbox"
                className="tables-table__check"
                checked={allChosen}
                ref={(el) => {
                  if (el) el.indeterminate = chosenIds.length > 0 && !allChosen;
                }}
                onChange={(e) => setChosen(new Set(e.target.checked ? rows.map((r) => r.table_id) : []))}
                data-testid="choose-all"
              />
              <FormattedMessage id="tables.selectAll" />
            </label>
            {chosenIds.length ? <ChosenActions cs={cs} ids={chosenIds} all={allChosen} onClear={() => setChosen(new Set())} /> : null}
          </div>
        ) : null}
        <DataTable className="data-table tables-table" testId="tables-table" load={tables} rows={rows} columns={columns} rowKey={(row) => row.table_id} rowTestId="table-row" empty={EMPTY} />
      </section>

      {editing === "many" ? (
        <TablesBulkDialog cs={cs} nextPosition={rows.reduce((max, t) => Math.max(max, t.position), 0) + 1} onClose={() => setEditing(undefined)} />
      ) : editing ? (
        <TableFormDialog
          cs={cs}
          table={editing === "new" ? undefined : editing}
          nextPosition={rows.reduce((max, t) => Math.max(max, t.position), 0) + 1}
          onClose={() => setEditing(undefined)}
        />
      ) : null}

      <ConfirmDialog
        open={!!deleting}
        title={<FormattedMessage id="tables.deleteTitle" />}
        confirmLabel="common.delete"
        confirmTestId="confirm-delete"
        tone="danger"
        pending={remove.isPending}
        onClose={() => setDeleting(undefined)}
        onConfirm={() => deleting && remove.mutate(deleting, { onSuccess: deleted })}
      >
        {deleting ? <p><FormattedMessage id="tables.deleteText" values={{ name: <strong>{deleting.name}</strong> }} /></p> : null}
      </ConfirmDialog>

      <ConfirmDialog
        open={!!reissuing}
        title={<FormattedMessage id="tables.reissueTitle" />}
        confirmLabel="tables.reissueConfirm"
        confirmTestId="confirm-reissue"
        tone="danger"
        pending={reissue.isPending}
        onClose={() => setReissuing(undefined)}
        onConfirm={() => reissuing && reissue.mutate(reissuing, { onSuccess: reissued })}
      >
        {reissuing ? <p><FormattedMessage id="tables.reissueText" values={{ name: <strong>{reissuing.name}</strong> }} /></p> : null}
      </ConfirmDialog>
    </>
  );
}

/** What can be done with the chosen tables: print their cards, download them as one PDF, or choose none. */
function ChosenActions({ cs, ids, all, onClear }: { cs: CsObject; ids: string[]; all: boolean; onClear: () => void }) {
  const params = { company: cs.company_url_key, store: cs.store_url_key };
  // All of them need no list in the address; more than the address holds are refused with a note.
  const tooMany = !all && ids.length > TABLE_CARDS_CHOSEN_MAX;
  const chosen = all ? undefined : ids;
  return (
    <div className="tables-choice__actions" data-testid="chosen-actions">
      <span className="tables-choice__count" role="status">
        <FormattedMessage id="tables.selected" values={{ count: ids.length }} />
      </span>
      {tooMany ? (
        <span className="tables-choice__note">
          <FormattedMessage id="tables.chosenTooMany" values={{ max: TABLE_CARDS_CHOSEN_MAX }} />
        </span>
      ) : (
        <>
          <Link to="/$company/$store/admin-panel/tables/print" params={params} search={chosen ? { ids: chosen.join(",") } : {}} className="btn btn--primary btn--sm" data-testid="print-chosen">
            <FormattedMessage id="tables.printChosen" />
          </Link>
          <a href={cardsHref(cs.store_id, { tableIds: chosen })} className="btn btn--ghost btn--sm" download data-testid="pdf-chosen">
            <FormattedMessage id="tables.pdf" />
          </a>
        </>
      )}
      <button type="button" className="btn btn--ghost btn--sm" onClick={onClear}>
        <FormattedMessage id="tables.clearSelection" />
      </button>
    </div>
  );
}

/** The table's guest link, and its QR code (PNG, SVG) and printable card to download. */
function QrLinks({ table }: { table: TableRow }) {
  return (
    <div className="tables-qr">
      <a className="tables-qr__link" href={table.qr_url} target="_blank" rel="noreferrer" data-testid="qr-link">
        /t/{table.qr_key}
      </a>
      <span className="tables-qr__downloads">
        <a href={qrHref(table, "png")} download>
          PNG
        </a>
        <a href={qrHref(table, "svg")} download>
          SVG
        </a>
        <a href={cardsHref(table.store_id, { tableId: table.table_id })} download>
          <FormattedMessage id="tables.card" />
        </a>
      </span>
    </div>
  );
}
