/**
 * Rendering adapter: QR codes (qrcode). Called by the table routes (a table's code as SVG or PNG)
 * and by table-cards-pdf.ts.
 */
import { QR_OPTIONS } from "../shared/wifi-payload";

/** The library, loaded at the first code drawn: it ships beside a Lambda's bundle, not in it (decision 053). */
const qrcode = async () => (await import("qrcode")).default;

export type QrFormat = "svg" | "png";

/** A QR code of `text` as PNG bytes `width` pixels wide. */
export const qrPng = async (text: string, width: number) => (await qrcode()).toBuffer(text, { ...QR_OPTIONS, type: "png", width });

/** A QR code of `text` as SVG (text) or PNG (bytes): error correction M, 4-module quiet zone. */
export async function renderQr(text: string, format: QrFormat, width = 512): Promise<{ body: string | Buffer; type: string }> {
  if (format === "svg") return { body: await (await qrcode()).toString(text, { ...QR_OPTIONS, type: "svg", width }), type: "image/svg+xml" };
  return { body: await qrPng(text, width), type: "image/png" };
}
