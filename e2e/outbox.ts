import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { workerRuntime } from "./worker-runtime";


export type OutboxMail = { to: string; subject: string; text: string; file: string };

const decodeWord = (value: string) =>
  value.replace(/=\?UTF-8\?B\?([^?]+)\?=/gi, (_, b64: string) => Buffer.from(b64, "base64").toString("utf8"));

/** The mails the runtime wrote to DATA_DIR/outbox (packages/core/src/adapters/outbox-mailer.ts), oldest first. */
export function outbox(dataDir = workerRuntime().dataDir): OutboxMail[] {
  const dir = join(dataDir, "outbox");
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".eml")).sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const eml = readFileSync(join(dir, file), "utf8");
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(eml)?.[1]?.trim() ?? "";
    const textPart = /Content-Type: text\/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(eml)?.[1] ?? "";
    return { to: header("To"), subject: decodeWord(header("Subject")), text: Buffer.from(textPart.replace(/\s+/g, ""), "base64").toString("utf8"), file };
  });
}

/** The path (with its token) of the link in the latest mail to `to`, waiting for it to arrive. */
export async function linkMailedTo(to: string, pathPrefix: string, timeoutMs = 10_000, dataDir = workerRuntime().dataDir): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pattern = new RegExp(`https?://[^\\s]*${pathPrefix.replace(/[/.?]/g, "\\$&")}\\?token=[A-Za-z0-9_-]+`);
    const url = outbox(dataDir)
      .reverse()
      .filter((m) => m.to === to)
      .map((m) => pattern.exec(m.text)?.[0])
      .find(Boolean);
    if (url) return new URL(url).pathname + new URL(url).search;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} with ${pathPrefix}: ${JSON.stringify(outbox(dataDir).map((m) => [m.to, m.subject]))}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The attachments of an outbox mail (name, type and decoded bytes), in order. */
export function outboxAttachments(file: string, dataDir = workerRuntime().dataDir): { filename: string; contentType: string; content: Buffer }[] {
  const eml = readFileSync(join(dataDir, "outbox", file), "utf8");
  const boundary = /boundary="([^"]+)"/.exec(eml)?.[1];
  if (!boundary) return [];
  return eml
    .split(`--${boundary}`)
    .filter((part) => /Content-Disposition: attachment/.test(part))
    .map((part) => ({
      filename: decodeURIComponent(/filename\*=UTF-8''([^\r\n]+)/.exec(part)?.[1] ?? ""),
      contentType: /Content-Type: ([^\r\n]+)/.exec(part)?.[1] ?? "",
      content: Buffer.from(part.split("\r\n\r\n").slice(1).join("").replace(/\s+/g, ""), "base64"),
    }));
}
