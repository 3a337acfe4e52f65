import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Mailer } from "../ports/mailer";

/**
 * Writes each mail as a MIME message (.eml, openable in any mail client) into a folder, so a local
 * user can follow confirmation links without an SMTP server.
 */
export function outboxMailer(dir: string, from: string): Mailer {
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const boundary = `b_${randomUUID()}`;
      const header = (name: string, value: string) => `${name}: =?UTF-8?B?${Buffer.from(value).toString("base64")}?=`;
      const parts = [
        `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from(mail.text).toString("base64")}`,
        ...(mail.html
          ? [`Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from(mail.html).toString("base64")}`]
          : []),
        ...(mail.attachments ?? []).map(
          (a) =>
            `Content-Type: ${a.contentType}\r\nContent-Transfer-Encoding: base64\r\nContent-Disposition: attachment; filename*=UTF-8''${encodeURIComponent(a.filename)}\r\n\r\n${Buffer.from(a.content).toString("base64")}`,
        ),
      ];
      const eml = [
        `From: ${from}`,
        `To: ${mail.to}`,
        ...(mail.replyTo ? [`Reply-To: ${mail.replyTo}`] : []),
        header("Subject", mail.subject),
        `Date: ${new Date().toUTCString()}`,
        "MIME-Version: 1.0",
        `Content-Type: multipart/mixed; boundary="${boundary}"`,
        "",
        ...parts.map((p) => `--${boundary}\r\n${p}`),
        `--${boundary}--`,
        "",
      ].join("\r\n");
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(join(dir, name), eml);
    },
  };
}
