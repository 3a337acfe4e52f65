import QRCode from "qrcode";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadMenuRenderer } from "@menu/core/adapters/ssr-menu-renderer";
import { wifiPayload as publishedPayload } from "@menu/core/publish/build";
import { renderQr } from "@menu/core/render/qr";
import { QR_OPTIONS, WifiInput, wifiPayload } from "@menu/core/shared/wifi-payload";
import { decodePng, decodeSvg } from "./support/qr-decode";

describe("Wi-Fi payload", () => {
  it.each([
    [{ ssid: "Cafe", encryption: "WPA", hidden: false, password: "secret123" }, "WIFI:T:WPA;S:Cafe;P:secret123;H:false;;"],
    [{ ssid: "Guest", encryption: "nopass", hidden: false, password: "ignored" }, "WIFI:T:nopass;S:Guest;H:false;;"],
    [{ ssid: "Old", encryption: "WEP", hidden: true, password: "abcde" }, "WIFI:T:WEP;S:Old;P:abcde;H:true;;"],
    [{ ssid: 'a;b,c:d"e\\f', encryption: "WPA", password: 'p;,:"\\ x' }, 'WIFI:T:WPA;S:a\\;b\\,c\\:d\\"e\\\\f;P:p\\;\\,\\:\\"\\\\ x;H:false;;'],
    [{ ssid: "Кафе «Центр»", encryption: "WPA", password: "пароль-12" }, "WIFI:T:WPA;S:Кафе «Центр»;P:пароль-12;H:false;;"],
    [{ ssid: "\\;", encryption: "WPA", password: ";;;;;;;;" }, "WIFI:T:WPA;S:\\\\\\;;P:\\;\\;\\;\\;\\;\\;\\;\\;;H:false;;"],
  ])("%j → %s", (wifi, expected) => {
    expect(wifiPayload(wifi)).toBe(expected);
    expect(publishedPayload(wifi)).toBe(expected); // the guest menu's QR says the same
  });

  it("asks for a WPA password of 8–63 characters and none for an open network", () => {
    const base = { store_id: "s", ssid: "Cafe", hidden: false };
    expect(WifiInput.safeParse({ ...base, encryption: "WPA", password: "short" }).success).toBe(false);
    expect(WifiInput.safeParse({ ...base, encryption: "WPA", password: "long-enough" }).success).toBe(true);
    expect(WifiInput.safeParse({ ...base, encryption: "WEP", password: "abcd" }).success).toBe(false);
    expect(WifiInput.parse({ ...base, encryption: "nopass", password: "dropped" }).password).toBe("");
    expect(WifiInput.safeParse({ ...base, ssid: "  ", encryption: "nopass", password: "" }).success).toBe(false);
  });
});

describe("QR images decode back to exactly their text", () => {
  const texts = [
    "http://localhost:3000/t/AbCd3fGh2k",
    "https://menu.example.com/t/Zz9xY8wV7u",
    wifiPayload({ ssid: 'Кафе;"1"', encryption: "WPA", password: "p\\a:s,s;w0rd" }),
    wifiPayload({ ssid: "Open", encryption: "nopass", hidden: true }),
  ];
  it.each(texts)("PNG: %s", async (text) => {
    const { body, type } = await renderQr(text, "png");
    expect(type).toBe("image/png");
    expect(decodePng(body as Buffer)).toBe(text);
  });
  it.each(texts)("SVG: %s", async (text) => {
    const { body, type } = await renderQr(text, "svg");
    expect(type).toBe("image/svg+xml");
    expect(decodeSvg(body as string)).toBe(text);
  });
  it.each(texts)("the guest menu's stroked path (its Wi-Fi QR): %s", async (text) => {
    const { qrPath } = await loadMenuRenderer(resolve(import.meta.dirname, "../../../web/dist-ssr/ssr.js"));
    const { size, path } = qrPath(text);
    // As the menu page draws it (store-info.tsx): a white square, the path stroked over it.
    const svg = `<svg viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" stroke="#000"/></svg>`;
    expect(decodeSvg(svg)).toBe(text);
    expect(size).toBe(QRCode.create(text, { errorCorrectionLevel: "M" }).modules.size + 4);
  });
});

describe("QR options", () => {
  it("use error correction M and a 4-module quiet zone", async () => {
    const text = "http://localhost:3000/t/AbCd3fGh2k";
    const qr = QRCode.create(text, QR_OPTIONS);
    expect(qr.errorCorrectionLevel.bit).toBe(QRCode.create(text, { errorCorrectionLevel: "M" }).errorCorrectionLevel.bit);
    const { body } = await renderQr(text, "svg");
    expect(body as string).toContain(`viewBox="0 0 ${qr.modules.size + 8} ${qr.modules.size + 8}"`);
  });
});
