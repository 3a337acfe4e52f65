/**
 * The Wi-Fi QR payload (PRODUCT.md "Wi-Fi QR"), free of Node imports so the SPA renders the same
 * text: `WIFI:T:<WPA|WEP|nopass>;S:<ssid>;P:<password>;H:<true|false>;;` with `\ ; , : "` escaped.
 * An open network ("nopass") has no password field.
 */
import { z } from "zod";
import { maxLengthMessage, text } from "./text-rules";

export const WIFI_ENCRYPTION = ["WPA", "WEP", "nopass"] as const;
export type WifiEncryption = (typeof WIFI_ENCRYPTION)[number];

export type Wifi = { ssid: string; encryption: string; hidden?: boolean; password?: string };

export const escapeWifi = (s: string) => s.replace(/([\\;,:"])/g, "\\$1");

export function wifiPayload(wifi: Wifi) {
  const type = wifi.encryption === "nopass" ? "nopass" : wifi.encryption;
  const password = wifi.encryption === "nopass" ? "" : `P:${escapeWifi(wifi.password ?? "")};`;
  return `WIFI:T:${type};S:${escapeWifi(wifi.ssid)};${password}H:${wifi.hidden ? "true" : "false"};;`;
}

/**
 * The settings/wifi form. WPA passwords are 8–63 characters, WEP keys 5 or 13 characters (or 10 or
 * 26 hex digits); "none" asks for no password (any sent one is dropped).
 */
export const WifiFields = z.object({
  store_id: z.string().min(1).max(64),
  ssid: text({ max: 32 }),
  encryption: z.enum(WIFI_ENCRYPTION),
  hidden: z.boolean(),
  /** Empty for "none". */
  password: z
    .string()
    .max(63, maxLengthMessage(63))
    .meta({ description: "WPA: 8 to 63 characters; WEP: 5, 10, 13 or 26; nopass: ignored" }),
});

export const WifiInput = WifiFields.superRefine((w, ctx) => {
    if (w.encryption === "WPA" && w.password.length < 8)
      ctx.addIssue({ code: "too_small", origin: "string", minimum: 8, inclusive: true, input: w.password, path: ["password"], message: "WPA password: 8 to 63 characters" });
    if (w.encryption === "WEP" && ![5, 10, 13, 26].includes(w.password.length))
      ctx.addIssue({ code: "custom", input: w.password, path: ["password"], message: "Value is incorrect" });
  })
  .transform((w) => (w.encryption === "nopass" ? { ...w, password: "" } : w));
export type WifiInput = z.input<typeof WifiInput>;

/** The QR options shared by the server and the SPA: error correction M, a 4-module quiet zone. */
export const QR_OPTIONS = { errorCorrectionLevel: "M", margin: 4 } as const;
