import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { DataTable, type Column } from "@/components/data-table";
import { PageHead } from "@/components/layout/page-head";
import type { MessageId } from "@/i18n/catalogs";
import type { CsObject } from "@/lib/admin-scope";
import type { SessionUser } from "@/lib/session";
import { INVOICE_STATUS_NAMES, PLAN_NAMES, invoicePdfHref, invoicesQueryOptions, isPlan, useMarkInvoicePaid, type InvoiceItem } from "./api";
import { formatByn, formatDay } from "./billing-format";
import { usePageTitle } from "@/lib/page-title";
import { ConfirmDialog } from "@/components/confirm-dialog";

const EMPTY = { message: "payments.empty", className: "sub-empty", testId: "payments-empty" } as const;

/** .../subscription/payments: the company's invoices with their PDFs; the operator marks them paid. */
export function PaymentsPage({ cs, user }: { cs: CsObject; user: SessionUser }) {
  const intl = useIntl();
  const invoices = useQuery(invoicesQueryOptions(cs.company_id));
  const [paying, setPaying] = useState<InvoiceItem | null>(null);
  usePageTitle(intl.formatMessage({ id: "payments.title" }));
  const markPaid = useMarkInvoicePaid(cs.company_id);
  const isAdmin = user.role === "admin";
  const t = (id: MessageId) => intl.formatMessage({ id });
  const columns: Column<InvoiceItem>[] = [
    {
      header: t("payments.colNumber"),
      cell: (inv) => (
        <>
          <div className="data-table__primary">{inv.number}</div>
          <div className="data-table__secondary">{isPlan(inv.plan) ? <FormattedMessage id={PLAN_NAMES[inv.plan]} /> : inv.plan}</div>
        </>
      ),
    },
    { header: t("payments.colPeriod"), labelled: true, cell: (inv) => `${formatDay(intl, inv.period_start)} — ${formatDay(intl, inv.period_end)}` },
    { header: t("payments.colAmount"), labelled: true, cell: (inv) => (inv.currency === "BYN" ? formatByn(intl, inv.amount) : `${inv.amount} ${inv.currency}`) },
    {
      header: t("payments.colStatus"),
      labelled: true,
      cell: (inv) => (
        <>
          <span className={inv.status === "paid" ? "pill pill--ok" : inv.status === "unpaid" ? "pill pill--wait" : "pill"} data-testid="invoice-status">
            <FormattedMessage id={INVOICE_STATUS_NAMES[inv.status] ?? "payments.status.unpaid"} />
          </span>
          {inv.paid_at ? <div className="data-table__secondary">{formatDay(intl, inv.paid_at)}</div> : null}
        </>
      ),
    },
    {
      header: t("payments.colActions"),
      hiddenHeader: true,
      cell: (inv) => (
        <div className="data-table__actions">
          <a className="btn btn--secondary btn--sm" href={invoicePdfHref(cs.company_id, inv.id)} download data-testid="invoice-pdf">
            <FormattedMessage id="payments.pdf" />
          </a>
          {isAdmin && inv.status === "unpaid" ? (
            <button type="button" className="btn btn--primary btn--sm" data-testid="mark-paid" onClick={() => setPaying(inv)}>
              <FormattedMessage id="payments.markPaid" />
            </button>
          ) : null}
        </div>
      ),
    },
  ];
  return (
    <>
      <PageHead title={<FormattedMessage id="payments.title" />} lead={<FormattedMessage id="payments.lead" />} />
      <section className="panel">
        <DataTable className="data-table" testId="invoices-table" load={invoices} rows={invoices.data ?? []} columns={columns} rowKey={(inv) => inv.id} rowTestId="invoice-row" empty={EMPTY} />
      </section>
      <ConfirmDialog
        open={!!paying}
        testId="mark-paid-dialog"
        title={<FormattedMessage id="payments.markPaidTitle" />}
        confirmLabel="payments.markPaid"
        confirmTestId="mark-paid-confirm"
        pending={markPaid.isPending}
        onClose={() => setPaying(null)}
        onConfirm={() =>
          paying &&
          markPaid.mutate(paying.id, {
            onSuccess: () => {
              setPaying(null);
              toast.success(intl.formatMessage({ id: "payments.markedPaid" }));
            },
          })
        }
      >
        {paying ? (
          <p>
            <FormattedMessage id="payments.markPaidText" values={{ number: <strong>{paying.number}</strong>, amount: formatByn(intl, paying.amount) }} />
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
