import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "@menu/api";
import { clock, setPorts, usePorts, type Mailer } from "@menu/core";
import { CONTACT_RATE } from "@menu/core/contact/contact";
import { outboxMailer } from "@menu/core/adapters/outbox-mailer";
import { CONTACT_LIMITS } from "@menu/core/contact/schemas";
import { browser } from "./support/browser-client";
import { PASSWORD, tenant } from "./support/accounts";
import { atWindowStart } from "./support/session";

const app = createApp();
const MB = 1024 * 1024;
let outbox: string;
let ip = 0;

/** A fresh client address per test, so the per-address limit of one test does not leak into another. */
const client = () => browser(app, { address: `198.51.100.${++ip}` });

beforeEach(() => {
  outbox = mkdtempSync(join(tmpdir(), "menu-contact-"));
  setPorts({ ...usePorts(), mailer: outboxMailer(outbox, "QR Menu <no-reply@localhost>") });
});
afterEach(() => {
  delete process.env.SUPPORT_EMAIL;
  clock.reset();
});

type Field = { name: string; email: string; message: string };
const fields = (over: Partial<Field> = {}): Field => ({ name: "Анна Петрова", email: `anna${ip}@example.com`, message: "Здравствуйте! Хочу подключить три заведения.", ...over });

function form(f: Field, files: File[] = []) {
  const data = new FormData();
  for (const [k, v] of Object.entries(f)) data.set(k, v);
  for (const file of files) data.append("files", file);
  return data;
}
const post = (b: ReturnType<typeof browser>, data: FormData) => b.request("/api/contact", { method: "POST", body: data });

/** The .eml files the outbox mailer wrote, with their headers and decoded attachments. */
function mails() {
  return readdirSync(outbox)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => {
      const eml = readFileSync(join(outbox, f), "utf8");
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(eml)?.[1]?.trim() ?? "";
      const boundary = /boundary="([^"]+)"/.exec(eml)![1]!;
      const parts = eml.split(`--${boundary}`).slice(1, -1);
      const decode = (part: string) => Buffer.from(part.split("\r\n\r\n").slice(1).join("").replace(/\s+/g, ""), "base64");
      const text = decode(parts.find((p) => p.includes("text/plain"))!).toString("utf8");
      const attachments = parts
        .filter((p) => /Content-Disposition: attachment/.test(p))
        .map((p) => ({
          filename: decodeURIComponent(/filename\*=UTF-8''([^\r\n]+)/.exec(p)![1]!),
          contentType: /Content-Type: ([^\r\n]+)/.exec(p)![1]!,
          content: decode(p),
        }));
      return { to: header("To"), replyTo: header("Reply-To"), subject: header("Subject"), text, attachments };
    });
}

describe("POST /api/contact (/service-contacts)", () => {
  it("mails the message to the support address with the attachments, replying to the sender", async () => {
    process.env.SUPPORT_EMAIL = "help@qr-menu.example";
    const pdf = new Uint8Array(randomBytes(3 * MB));
    const photo = new Uint8Array(randomBytes(1200));
    const res = await post(
      client(),
      form(fields({ email: "Anna@Example.com" }), [new File([pdf], "Меню весна.pdf", { type: "application/pdf" }), new File([photo], "../../зал.jpg", { type: "image/jpeg" })]),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: true });
    const [mail, ...more] = mails();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: "help@qr-menu.example", replyTo: "anna@example.com" });
    expect(mail!.text).toContain("Анна Петрова");
    expect(mail!.text).toContain("anna@example.com");
    expect(mail!.text).toContain("Хочу подключить три заведения.");
    expect(mail!.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ["Меню весна.pdf", "application/pdf"],
      ["зал.jpg", "image/jpeg"],
    ]);
    expect(Buffer.compare(mail!.attachments[0]!.content, Buffer.from(pdf))).toBe(0);
    expect(Buffer.compare(mail!.attachments[1]!.content, Buffer.from(photo))).toBe(0);
  });

  it("goes to support@localhost when SUPPORT_EMAIL is not set, and works without attachments", async () => {
    expect((await post(client(), form(fields()))).status).toBe(200);
    expect(mails()).toMatchObject([{ to: "support@localhost", attachments: [] }]);
  });

  it("checks the fields with the specification's messages", async () => {
    const b = client();
    const invalid = await post(b, form(fields({ email: "not-an-email" })));
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("This is an invalid email address");
    for (const blank of [{ name: "  " }, { message: "" }]) {
      const res = await post(b, form(fields(blank)));
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("This field is required");
    }
    const missing = new FormData();
    missing.set("email", "a@example.com");
    expect((await post(b, missing)).status).toBe(400);
    expect(mails()).toEqual([]);
  });

  it("takes at most 3 attachments of 5 MB each", async () => {
    const file = (name: string, size: number) => new File([new Uint8Array(size)], name, { type: "text/plain" });
    const four = await post(client(), form(fields(), ["a", "b", "c", "d"].map((n) => file(`${n}.txt`, 10))));
    expect(four.status).toBe(400);
    expect(await four.json()).toMatchObject({ code: "contactTooManyFiles", message: "At most 3 files can be attached" });

    const big = await post(client(), form(fields(), [file("ok.txt", 10), file("big.txt", CONTACT_LIMITS.fileBytes + 1)]));
    expect(big.status).toBe(400);
    expect(await big.json()).toMatchObject({ code: "contactFileTooLarge", message: "A file can be at most 5 MB" });

    const atLimit = await post(client(), form(fields(), [1, 2, 3].map((n) => file(`${n}.txt`, CONTACT_LIMITS.fileBytes))));
    expect(atLimit.status).toBe(200);
    expect(mails()[0]!.attachments.map((a) => a.content.length)).toEqual([CONTACT_LIMITS.fileBytes, CONTACT_LIMITS.fileBytes, CONTACT_LIMITS.fileBytes]);

    // Far beyond any allowed message: refused before it is read.
    const huge = await post(client(), form(fields(), [file("a", 5 * MB), file("b", 5 * MB), file("c", 5 * MB), file("d", 5 * MB), file("e", 5 * MB)]));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: "payloadTooLarge", message: "Request is too large" });
  });

  it("allows 5 messages per address and per e-mail an hour", async () => {
    atWindowStart(CONTACT_RATE.windowMs);
    const b = client();
    for (let i = 0; i < 5; i++) expect((await post(b, form(fields({ email: `limit${i}@example.com` })))).status).toBe(200);
    const sixth = await post(b, form(fields({ email: "limit-other@example.com" })));
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toMatchObject({ code: "tooManyAttempts", message: "Too many attempts. Please try again later" });
    expect(mails()).toHaveLength(5);

    // The same sender from other addresses.
    for (let i = 0; i < 5; i++) expect((await post(client(), form(fields({ email: "same@example.com" })))).status).toBe(200);
    expect((await post(client(), form(fields({ email: "same@example.com" })))).status).toBe(429);
  });

  it("says the message could not be delivered when the mailer fails", async () => {
    const failing: Mailer = { send: async () => Promise.reject(new Error("SES: MessageRejected")) };
    setPorts({ ...usePorts(), mailer: failing });
    const res = await post(client(), form(fields()));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ code: "messageNotDelivered", message: "The message could not be delivered" });
  });

  it("is public, and a signed-in sender needs the CSRF token like every call with the session", async () => {
    const v = await tenant("contact");
    const b = client();
    expect((await b.signIn(v.owner.email, PASSWORD)).status).toBe(200);
    expect((await post(b, form(fields()))).status).toBe(403);
    const res = await b.request("/api/contact", { method: "POST", body: form(fields()), headers: { "x-csrf-token": await b.csrfToken() } });
    expect(res.status).toBe(200);
  });
});
