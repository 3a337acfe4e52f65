/**
 * Rendering adapter: printable table cards (issue 6) as a PDF (pdfkit): A4, 2 × 2 cards per page,
 * each with the store's logo and name, the table's name and number, its QR code and a "scan to see
 * the menu" line per store language. Called by tables/cards.ts, which gathers the cards.
 */
import type { MenuLanguage } from "../shared/model";
import { cardName, cardTitle, SCAN_LINE } from "../shared/table-card-words";
import { pdfLine, pdfDocument } from "./pdf-fonts";
import { qrPng } from "./qr";

/** A table's card; the logo as PNG (pdfkit embeds only PNG and JPEG). */
type Card = { store: string; logo?: Buffer; table: { position: number; name: string; qr_url: string }; languages: MenuLanguage[] };

const PAGE = { w: 595.28, h: 841.89 };
const MARGIN = 28;
const COLS = 2;
const ROWS = 2;

/** The cards as one PDF. */
export async function renderCards(cards: Card[]): Promise<Buffer> {
  const { doc, done } = pdfDocument({ size: "A4", margin: MARGIN, info: { Title: "QR" } });
  const cw = (PAGE.w - MARGIN * 2) / COLS;
  const ch = (PAGE.h - MARGIN * 2) / ROWS;
  if (!cards.length) doc.font("regular").fontSize(12).text("—");
  for (const [i, card] of cards.entries()) {
    const slot = i % (COLS * ROWS);
    if (i > 0 && slot === 0) doc.addPage();
    const x = MARGIN + (slot % COLS) * cw;
    const y = MARGIN + Math.floor(slot / COLS) * ch;
    // Cut marks: a light dashed frame around each card.
    doc.save().lineWidth(0.5).dash(3, { space: 3 }).strokeColor("#bbbbbb").rect(x + 4, y + 4, cw - 8, ch - 8).stroke().restore();
    let cy = y + 18;
    if (card.logo) {
      try {
        doc.image(card.logo, x + cw / 2 - 20, cy, { fit: [40, 40], align: "center" });
        cy += 46;
      } catch {
        /* an unreadable logo is left out */
      }
    }
    const storeName = pdfLine(card.store, "bold");
    doc.fillColor("#111111").font(storeName.font).fontSize(14).text(storeName.text, x + 12, cy, { width: cw - 24, align: "center", lineBreak: false, ellipsis: true, features: storeName.features });
    cy += 22;
    const qrSize = Math.min(cw - 80, ch - (cy - y) - 110);
    const png = await qrPng(card.table.qr_url, 600);
    doc.image(png, x + (cw - qrSize) / 2, cy, { width: qrSize, height: qrSize });
    cy += qrSize + 4;
    const title = pdfLine(cardTitle(card.table), "bold");
    doc.font(title.font).fontSize(20).text(title.text, x + 12, cy, { width: cw - 24, align: "center", lineBreak: false, ellipsis: true, features: title.features });
    cy += 26;
    const name = cardName(card.table);
    if (name) {
      const tableName = pdfLine(name);
      doc.font(tableName.font).fontSize(11).fillColor("#333333").text(tableName.text, x + 12, cy, { width: cw - 24, align: "center", lineBreak: false, ellipsis: true, features: tableName.features });
    }
    cy += 18;
    for (const lang of card.languages) {
      const line = pdfLine(SCAN_LINE[lang]);
      doc.font(line.font).fontSize(9).fillColor("#555555").text(line.text, x + 12, cy, { width: cw - 24, align: "center", lineBreak: false, features: line.features });
      cy += doc.currentLineHeight(true) + 1; // Noto Arabic and Noto SC are taller than DejaVu.
    }
  }
  doc.end();
  return done;
}
