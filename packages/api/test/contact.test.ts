import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clock, setPorts, usePorts, type Mailer } from "@menu/core";
import { CONTACT_RATE } from "@menu/core/contact/contact";
import { outboxMailer } from "@menu/core/adapters/outbox-mailer";
import { CONTACT_LIMITS } from "@menu/core/contact/schemas";
import { createLocalApp } from "@menu/local/server";
import { browser } from "./support/browser-client";
import { PASSWORD, tenant } from "./support/accounts";
import { atWindowStart } from "./support/session";

/**
 * The contact form (/service-contacts): attachments are PUT to presigned URLs first (the local
 * runtime's /files/* links here, S3 in the cloud), then the message names them.
 */
const app = createLocalApp({ webDist: tmpdir() });
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

type Client = ReturnType<typeof browser>;
type Attachment = { id: string; file_name: string };
type Ticket = { id: string; url: string; headers: Record<string, string> };
const json = (body: unknown, headers: Record<string, string> = {}) => ({ method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
const askUpload = (b: Client, file: File) => b.request("/api/contact/attachments", json({ content_type: file.type || "application/octet-stream", size: file.size }));
const putFile = async (b: Client, ticket: Ticket, body: Uint8Array) =>
  b.request(ticket.url, { method: "PUT", headers: { ...ticket.headers, "content-length": String(body.byteLength) }, body });

/** What the form does with each picked file: asks for an upload URL and PUTs the file there. */
async function attach(b: Client, file: File): Promise<Attachment> {
  const res = await askUpload(b, file);
  expect(res.status).toBe(201);
  const ticket = (await res.json()) as Ticket;
  expect((await putFile(b, ticket, new Uint8Array(await file.arrayBuffer()))).status).toBe(200);
  return { id: ticket.id, file_name: file.name };
}
const form = (f: Partial<Field>, attachments: Attachment[] = []) => ({ ...f, attachments });
const post = (b: Client, body: ReturnType<typeof form>) => b.request("/api/contact", json(body));

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
    const b = client();
    const files = [new File([pdf], "Меню весна.pdf", { type: "application/pdf" }), new File([photo], "../../зал.jpg", { type: "image/jpeg" })];
    const res = await post(b, form(fields({ email: "Anna@Example.com" }), await Promise.all(files.map((f) => attach(b, f)))));
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
    expect((await post(b, form({ email: "a@example.com" }))).status).toBe(400);
    expect(mails()).toEqual([]);
  });

  it("takes at most 3 attachments of 5 MB each: 3 × 5 MB arrive whole", async () => {
    const file = (name: string, size: number) => new File([new Uint8Array(randomBytes(size))], name, { type: "text/plain" });
    const b = client();
    const small = await Promise.all(["a", "b", "c", "d"].map((n) => attach(b, file(`${n}.txt`, 10))));
    const four = await post(b, form(fields(), small));
    expect(four.status).toBe(400);
    expect(await four.json()).toMatchObject({ code: "contactTooManyFiles", message: "At most 3 files can be attached" });

    const big = await askUpload(b, file("big.txt", CONTACT_LIMITS.fileBytes + 1));
    expect(big.status).toBe(400);
    expect(await big.json()).toMatchObject({ code: "contactFileTooLarge", message: "A file can be at most 5 MB" });

    const full = [1, 2, 3].map((n) => file(`${n}.txt`, CONTACT_LIMITS.fileBytes));
    const atLimit = await post(b, form(fields(), await Promise.all(full.map((f) => attach(b, f)))));
    expect(atLimit.status).toBe(200);
    const sent = mails()[0]!.attachments;
    expect(sent.map((a) => a.content.length)).toEqual([CONTACT_LIMITS.fileBytes, CONTACT_LIMITS.fileBytes, CONTACT_LIMITS.fileBytes]);
    for (const [i, f] of full.entries()) expect(Buffer.compare(sent[i]!.content, Buffer.from(await f.arrayBuffer()))).toBe(0);
  });

  it("takes exactly the signed size, and refuses an attachment that was never uploaded or was already sent", async () => {
    const b = client();
    const small = new File([new Uint8Array(10)], "a.txt", { type: "text/plain" });
    const ticket = (await (await askUpload(b, small)).json()) as Ticket;
    expect((await putFile(b, ticket, new Uint8Array(CONTACT_LIMITS.fileBytes * 2))).status).toBe(403);
    const never = await post(b, form(fields(), [{ id: ticket.id, file_name: "a.txt" }]));
    expect(never.status).toBe(400);
    expect(await never.json()).toMatchObject({ code: "valueIncorrect" });
    expect(mails()).toEqual([]);

    const sent = await attach(b, small);
    expect((await post(b, form(fields(), [sent]))).status).toBe(200);
    expect((await post(b, form(fields(), [sent]))).status).toBe(400);
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
    const res = await b.request("/api/contact", json(form(fields()), { "x-csrf-token": await b.csrfToken() }));
    expect(res.status).toBe(200);
  });
});
