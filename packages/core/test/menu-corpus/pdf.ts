/** A corpus menu as a PDF with a text layer: layout.ts's runs drawn with pdfkit in the menu's font. */
import PDFDocument from "pdfkit";
import { CORPUS_FONT_FILES, layoutMenu, PAGE } from "./layout";
import type { CorpusMenu } from "./menus";

export async function renderPdf(menu: CorpusMenu): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: [PAGE.width, PAGE.height], autoFirstPage: false, info: { Title: menu.name } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((ok, fail) => {
    doc.on("end", () => ok(Buffer.concat(chunks)));
    doc.on("error", fail);
  });
  for (const page of layoutMenu(menu)) {
    doc.addPage({ size: [page.width, page.height], margin: 0 });
    for (const run of page.runs) {
      doc.font(CORPUS_FONT_FILES[run.font][run.bold ? "bold" : "regular"]).fontSize(run.size).fillColor(run.color);
      doc.text(run.text, run.x, run.baseline, { baseline: "alphabetic", lineBreak: false });
    }
  }
  doc.end();
  return new Uint8Array(await done);
}
