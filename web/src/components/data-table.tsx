/**
 * One table for the staff pages' lists (class "data-table": rows become cards on phones, see
 * staff.css) and the overview's tables of figures: a heading per column, a row per item, and in
 * place of the table the loading, failed and empty states.
 */
import type { HTMLAttributes, Key, ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import type { MessageId } from "@/i18n/catalogs";
import { loadState } from "./query-state";

export type Column<Row> = {
  /** The heading's text. */
  header: string;
  /** The heading is for screen readers only (order and action columns). */
  hiddenHeader?: boolean;
  /** On phones the cell is preceded by the heading (data-label). */
  labelled?: boolean;
  /** The cell names its row (<th scope="row">). */
  rowHeader?: boolean;
  className?: string;
  cell: (row: Row, index: number) => ReactNode;
};

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | undefined };

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  rowTestId,
  rowProps,
  className,
  headClassName,
  caption,
  hiddenCaption,
  testId,
  load,
  empty,
}: {
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  rowTestId?: string;
  /** Further attributes of a row. */
  rowProps?: (row: Row) => RowAttributes;
  className?: string;
  headClassName?: string;
  caption?: string;
  hiddenCaption?: boolean;
  testId?: string;
  /** The query the rows come from: while it loads, and when it failed, a status line or the error stands in for the table. */
  load?: { isPending: boolean; error: unknown };
  /** The paragraph shown in place of a table without rows. */
  empty?: { message: MessageId; className: string; testId: string };
}) {
  const loading = loadState(load);
  if (loading) return loading;
  if (!rows.length && empty) {
    return (
      <p className={empty.className} data-testid={empty.testId}>
        <FormattedMessage id={empty.message} />
      </p>
    );
  }
  return (
    <table className={className} data-testid={testId}>
      {caption ? <caption className={hiddenCaption ? "visually-hidden" : undefined}>{caption}</caption> : null}
      <thead className={headClassName}>
        <tr>
          {columns.map((column, i) => (
            <th key={i} scope="col">
              {column.hiddenHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={rowKey(row, i)} data-testid={rowTestId} {...rowProps?.(row)}>
            {columns.map((column, j) => {
              const Cell = column.rowHeader ? "th" : "td";
              return (
                <Cell key={j} scope={column.rowHeader ? "row" : undefined} className={column.className} data-label={column.labelled ? column.header : undefined}>
                  {column.cell(row, i)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
