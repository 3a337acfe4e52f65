import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The text of a PDF, page by page, runs of white space made one space. */
export async function pdfText(bytes: Uint8Array) {
  const doc = await getDocument({ data: bytes, useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ("str" in i ? i.str : "")).join(" ").replace(/\s+/g, " "));
  }
  return pages;
}
