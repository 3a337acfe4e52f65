/**
 * Rendering adapter: an invoice as a PDF (pdfkit). Called by the invoice download
 * (billing/invoice-download.ts), which gathers the invoice and both parties.
 */
import { pdfDocument } from "./pdf-fonts";

export type Party = { name: string; lines: string[] };
export type InvoiceDoc = {
  number: string;
  issued_at: string;
  plan_title: string;
  period_start: string;
  period_end: string;
  amount: string;
  currency: string;
  status: "unpaid" | "paid" | "cancelled";
};

const date = (iso: string) => new Date(iso).toLocaleDateString("ru-RU", { timeZone: "Europe/Minsk" });

/** Renders an invoice (счёт на оплату) as a one-page A4 PDF with both parties' details. */
export function renderInvoicePdf(invoice: InvoiceDoc, buyer: Party, seller: Party): Promise<Buffer> {
  const { doc, done } = pdfDocument({ size: "A4", margin: 50, info: { Title: `Счёт ${invoice.number}` } });

  doc.font("bold").fontSize(18).text(`Счёт на оплату № ${invoice.number}`);
  doc.font("regular").fontSize(10).fillColor("#555").text(`от ${date(invoice.issued_at)}`).moveDown(1.5);
  const party = (title: string, p: Party) => {
    doc.fillColor("#000").font("bold").fontSize(11).text(title);
    doc.font("regular").fontSize(10).text(p.name);
    for (const line of p.lines.filter(Boolean)) doc.text(line);
    doc.moveDown();
  };
  party("Исполнитель", seller);
  party("Заказчик", buyer);

  doc.moveDown().font("bold").fontSize(11).text("Наименование", 50, doc.y, { continued: true }).text("Сумма", { align: "right" });
  doc.moveTo(50, doc.y + 4).lineTo(545, doc.y + 4).stroke("#999").moveDown(0.8);
  doc
    .font("regular")
    .text(`Подписка «${invoice.plan_title}», ${date(invoice.period_start)} – ${date(invoice.period_end)}`, 50, doc.y, { continued: true })
    .text(`${invoice.amount} ${invoice.currency}`, { align: "right" });
  doc.moveDown(1.5).font("bold").text(`Итого к оплате: ${invoice.amount} ${invoice.currency}`, { align: "right" });
  doc.font("regular").text("Без НДС", { align: "right" }).moveDown(2);
  doc.fillColor(invoice.status === "paid" ? "#1a7f37" : "#9a6700").text(invoice.status === "paid" ? "Оплачен" : "Ожидает оплаты");
  doc.end();
  return done;
}
