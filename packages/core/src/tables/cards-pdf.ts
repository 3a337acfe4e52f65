/**
 * Printable table cards (issue 6): A4, 2 × 2 cards per page, each with the store's logo and name,
 * the table's name and number, its QR code and a "scan to see the menu" line per store language.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { usePorts } from "../ports";
import { storeById } from "../store/store";
import { QR_OPTIONS } from "../wifi/payload";
import { listTables, oneTable, type TableInfo } from "./manage";

const require = createRequire(import.meta.url);
const FONT = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");
/** DejaVu has no Chinese glyphs: a CJK font when the machine has one (CJK_FONT, else Noto CJK). */
const CJK_FONT = [process.env.CJK_FONT, "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"].find((p) => p && existsSync(p));

/** "Scan to see the menu" in every menu language (Arabic needs shaping pdfkit lacks: English stands in). */
export const SCAN_LINE: Record<string, string> = {
  ru: "Отсканируйте, чтобы открыть меню",
  en: "Scan to see the menu",
  zh: "扫码查看菜单",
  tr: "Menüyü görmek için tarayın",
  fr: "Scannez pour voir le menu",
};
const TABLE_WORD: Record<string, string> = { ru: "Стол", en: "Table", zh: "桌号" };

type Card = { store: string; logo?: Buffer; table: TableInfo; languages: string[] };

async function logoOf(path: string | undefined): Promise<Buffer | undefined> {
  if (!path) return undefined;
  try {
    const key = path.replace(/^https?:\/\/[^/]+/, "").replace(/^\/media\//, "").replace(/^\//, "");
    const object = await usePorts().objects.get(key);
    if (!object || !/png|jpe?g/.test(object.contentType)) return undefined;
    return Buffer.from(object.body);
  } catch {
    return undefined;
  }
}

/** The store's cards (or one table's) as a PDF, with a file name for the download. */
export async function tableCardsPdf({ store_id, table_id }: { store_id: string; table_id?: string }) {
  const tables = table_id ? [await oneTable({ store_id, table_id })] : await listTables(store_id);
  const store = await storeById(store_id);
  const logo = await logoOf(store.logo_light ?? store.logo_dark);
  const languages = [...new Set(["ru", ...(store.languages ?? [])])].filter((l) => SCAN_LINE[l] && (l !== "zh" || CJK_FONT));
  const cards = tables.map((table) => ({ store: store.name, logo, table, languages }));
  const name = table_id && tables[0] ? `table-${tables[0].position}` : `tables-${store.url_key}`;
  return { name, body: await renderCards(cards) };
}

const PAGE = { w: 595.28, h: 841.89 };
const MARGIN = 28;
const COLS = 2;
const ROWS = 2;

export async function renderCards(cards: Card[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: MARGIN, info: { Title: "QR" } });
  doc.registerFont("regular", FONT).registerFont("bold", FONT_BOLD);
  if (CJK_FONT) doc.registerFont("cjk", CJK_FONT, "NotoSansCJKsc-Regular");
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((ok, fail) => {
    doc.on("end", () => ok(Buffer.concat(chunks)));
    doc.on("error", fail);
  });
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
    doc.fillColor("#111111").font("bold").fontSize(14).text(card.store, x + 12, cy, { width: cw - 24, align: "center", lineBreak: false, ellipsis: true });
    cy += 22;
    const qrSize = Math.min(cw - 80, ch - (cy - y) - 110);
    const png = await QRCode.toBuffer(card.table.qr_url, { ...QR_OPTIONS, type: "png", width: 600 });
    doc.image(png, x + (cw - qrSize) / 2, cy, { width: qrSize, height: qrSize });
    cy += qrSize + 4;
    doc.font("bold").fontSize(20).text(`${TABLE_WORD.ru} ${card.table.position}`, x + 12, cy, { width: cw - 24, align: "center", lineBreak: false });
    cy += 26;
    const number = `${TABLE_WORD.ru} ${card.table.position}`;
    if (card.table.name.trim().toLowerCase() !== number.toLowerCase()) {
      doc.font("regular").fontSize(11).fillColor("#333333").text(card.table.name, x + 12, cy, { width: cw - 24, align: "center", lineBreak: false, ellipsis: true });
    }
    cy += 18;
    for (const lang of card.languages) {
      doc.font(lang === "zh" ? "cjk" : "regular").fontSize(9).fillColor("#555555").text(SCAN_LINE[lang]!, x + 12, cy, { width: cw - 24, align: "center", lineBreak: false });
      cy += 12;
    }
  }
  doc.end();
  return done;
}
