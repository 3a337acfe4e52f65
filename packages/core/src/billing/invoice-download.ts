import { z } from "zod";
import { billingComplete } from "./schemas";
import { Db } from "../db/service";
import { renderInvoicePdf, type Party } from "../render/invoice-pdf";
import { UserError } from "../shared/errors";
import { fn } from "../shared/fn";
import { assertCanManageCompany } from "../shared/policy";
import type { Plan } from "./plans";

/*
 * The invoice download, apart from subscription.ts: workers and the scheduler import that module
 * (plans, lifecycle), and only the API draws invoices, so only its bundle carries pdfkit.
 */

/** The service provider on every invoice; set by the operator through the environment. */
const SELLER: Party = {
  name: process.env.SELLER_NAME ?? "ООО «QR Меню»",
  lines: (process.env.SELLER_DETAILS ?? "УНП 190000000|IBAN BY00 ALFA 3012 0000 0000 0000 0000|БИК ALFABY2X|г. Минск, ул. Примерная, 1").split("|"),
};

const PLAN_TITLES: Record<Plan, string> = { trial: "Пробный", basic: "Базовый", premium: "Премиум", premium_unlimited: "Премиум Безлимит" };

/** The invoice as a PDF with both parties' details. */
export const invoicePdf = fn(z.object({ company_id: z.string().min(1), invoice_id: z.string().min(1) }), async ({ company_id, invoice_id }) => {
  assertCanManageCompany(company_id);
  const [{ data: invoice }, { data: billing }] = await Promise.all([
    Db().entities.invoice.get({ company_id, invoice_id }).go(),
    Db().entities.billing.get({ company_id }).go(),
  ]);
  if (!invoice) throw new UserError("notFound", 404);
  const buyer = billing && billingComplete(billing)
    ? {
        name: billing.organization_name,
        lines: [
          `УНП ${billing.vat_number}`,
          `IBAN ${billing.iban}, ${billing.bank_name}, БИК ${billing.bic}`,
          `${billing.postcode}, ${billing.legal_address}`,
          `Тел. ${billing.phone}`,
          `${billing.director_position}: ${[billing.director_last_name, billing.director_first_name, billing.director_middle_name].filter(Boolean).join(" ")}`,
        ],
      }
    : { name: "—", lines: [] };
  return renderInvoicePdf({ ...invoice, issued_at: invoice.created_at, plan_title: PLAN_TITLES[invoice.plan] }, buyer, SELLER);
});
