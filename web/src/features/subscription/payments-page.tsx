import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { toast } from "sonner";
import { Dialog } from "@/components/dialog";
import { FormAlert } from "@/components/form/fields";
import type { CsObject } from "@/lib/admin-scope";
import { api, unwrap } from "@/lib/api";
import { errorMessageFor } from "@/lib/errors";
import type { SessionUser } from "@/lib/session";
import { INVOICE_STATUS_NAMES, PLAN_NAMES, invoicePdfHref, invoicesQueryOptions, isPlan, subscriptionKeys, type InvoiceItem } from "./api";
import { formatByn, formatDay } from "./format";
import { PageHead } from "@/components/layout/page-head";

/** .../subscription/payments: the company's invoices with their PDFs; the operator marks them paid. */
export function PaymentsPage({ cs, user }: { cs: CsObject; user: SessionUser }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const invoices = useQuery(invoicesQueryOptions(cs.company_id));
  const [paying, setPaying] = useState<InvoiceItem | null>(null);
  useEffect(() => {
    document.title = `${intl.formatMessage({ id: "payments.title" })} — QR Menu`;
  }, [intl]);
  const markPaid = useMutation({
    mutationFn: (invoice_id: string) => unwrap(api.api.invoices["mark-paid"].$post({ json: { company_id: cs.company_id, invoice_id } })),
    onSuccess: async () => {
      setPaying(null);
      toast.success(intl.formatMessage({ id: "payments.markedPaid" }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.invoices(cs.company_id) }),
        queryClient.invalidateQueries({ queryKey: ["subscription"] }),
      ]);
    },
  });
  const isAdmin = user.role === "admin";
  return (
    <>
      <PageHead title={<FormattedMessage id="payments.title" />} lead={<FormattedMessage id="payments.lead" />} />
      <section className="panel">
        {invoices.isPending ? (
          <p role="status">
            <FormattedMessage id="common.loading" />
          </p>
        ) : invoices.error ? (
          <FormAlert>{errorMessageFor(invoices.error)}</FormAlert>
        ) : invoices.data.length === 0 ? (
          <p className="sub-empty" data-testid="payments-empty">
            <FormattedMessage id="payments.empty" />
          </p>
        ) : (
          <table className="data-table" data-testid="invoices-table">
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="payments.colNumber" />
                </th>
                <th scope="col">
                  <FormattedMessage id="payments.colPeriod" />
                </th>
                <th scope="col">
                  <FormattedMessage id="payments.colAmount" />
                </th>
                <th scope="col">
                  <FormattedMessage id="payments.colStatus" />
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    <FormattedMessage id="payments.colActions" />
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.data.map((inv) => (
                <tr key={inv.id} data-testid="invoice-row">
                  <td>
                    <div className="data-table__primary">{inv.number}</div>
                    <div className="data-table__secondary">{isPlan(inv.plan) ? <FormattedMessage id={PLAN_NAMES[inv.plan]} /> : inv.plan}</div>
                  </td>
                  <td data-label={intl.formatMessage({ id: "payments.colPeriod" })}>
                    {formatDay(intl, inv.period_start)} — {formatDay(intl, inv.period_end)}
                  </td>
                  <td data-label={intl.formatMessage({ id: "payments.colAmount" })}>{inv.currency === "BYN" ? formatByn(intl, inv.amount) : `${inv.amount} ${inv.currency}`}</td>
                  <td data-label={intl.formatMessage({ id: "payments.colStatus" })}>
                    <span className={inv.status === "paid" ? "pill pill--ok" : inv.status === "unpaid" ? "pill pill--wait" : "pill"} data-testid="invoice-status">
                      <FormattedMessage id={INVOICE_STATUS_NAMES[inv.status] ?? "payments.status.unpaid"} />
                    </span>
                    {inv.paid_at ? <div className="data-table__secondary">{formatDay(intl, inv.paid_at)}</div> : null}
                  </td>
                  <td>
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <Dialog
        open={!!paying}
        onClose={() => setPaying(null)}
        size="sm"
        testId="mark-paid-dialog"
        title={<FormattedMessage id="payments.markPaidTitle" />}
        footer={
          <>
            <button type="button" className="btn btn--secondary" onClick={() => setPaying(null)}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button type="button" className="btn btn--primary" data-testid="mark-paid-confirm" disabled={markPaid.isPending} onClick={() => paying && markPaid.mutate(paying.id)}>
              <FormattedMessage id="payments.markPaid" />
            </button>
          </>
        }
      >
        {paying ? (
          <p>
            <FormattedMessage id="payments.markPaidText" values={{ number: <strong>{paying.number}</strong>, amount: formatByn(intl, paying.amount) }} />
          </p>
        ) : null}
      </Dialog>
    </>
  );
}
