/// <reference lib="dom" />
import { randomBytes, randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { outbox, outboxAttachments } from "./outbox";
import { workerRuntime } from "./worker-runtime";

const base = workerRuntime().baseUrl;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("/service-contacts", () => {
  it("sends the form with two attachments; the mail in the outbox carries both files and replies to the sender", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies([{ name: "locale", value: "en", url: base }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    // From the footer of the landing page.
    await page.goto(`${base}/`);
    await page.locator(".site-footer").getByRole("link", { name: "Contacts" }).click();
    await page.waitForURL(`${base}/service-contacts`);
    await page.getByRole("heading", { name: "Contact us" }).waitFor();

    // Checked before sending: the specification's e-mail message.
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("This field is required").first().waitFor();
    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    await page.getByLabel("Your name").fill("Anna Petrova");
    await page.getByLabel("E-mail").fill("anna@");
    await page.getByLabel("Message").fill("Hello! Please connect our second venue. The menu and the logo are attached.");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("This is an invalid email address").waitFor();
    await page.getByLabel("E-mail").fill(email);

    // Files: listed with remove buttons; too large and too many are refused with clear errors.
    const menu = randomBytes(300_000);
    const logo = randomBytes(20_000);
    const input = page.getByTestId("contact-file-input");
    await input.setInputFiles([
      { name: "menu.pdf", mimeType: "application/pdf", buffer: menu },
      { name: "logo.png", mimeType: "image/png", buffer: logo },
    ]);
    await input.setInputFiles([{ name: "huge.zip", mimeType: "application/zip", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) }]);
    await expect(page.getByTestId("contact-file-error").textContent()).resolves.toContain("huge.zip: a file can be at most 5 MB");
    await input.setInputFiles([
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("notes") },
      { name: "extra.txt", mimeType: "text/plain", buffer: Buffer.from("extra") },
    ]);
    await expect(page.getByTestId("contact-file-error").textContent()).resolves.toBe("At most 3 files can be attached");
    const files = page.getByTestId("contact-files").locator("li");
    await expect(files.allTextContents()).resolves.toEqual([expect.stringContaining("menu.pdf"), expect.stringContaining("logo.png"), expect.stringContaining("notes.txt")]);
    await page.getByRole("button", { name: "Remove notes.txt" }).click();
    await expect(files.count()).resolves.toBe(2);

    // Each file is PUT to its own presigned URL (the local runtime's signed /files/* link), not sent through the API.
    const puts: string[] = [];
    page.on("request", (r) => r.method() === "PUT" && puts.push(new URL(r.url()).pathname));
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByTestId("contact-sent").waitFor();
    expect(puts).toEqual([expect.stringMatching(/^\/files\/contact\/[\w-]+$/), expect.stringMatching(/^\/files\/contact\/[\w-]+$/)]);
    await expect(page.getByTestId("contact-sent").textContent()).resolves.toContain(email);

    const mail = outbox().find((m) => m.text.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.to).toBe("support@localhost");
    expect(mail!.text).toContain("Anna Petrova");
    expect(mail!.text).toContain("Please connect our second venue.");
    const attachments = outboxAttachments(mail!.file);
    expect(attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ["menu.pdf", "application/pdf"],
      ["logo.png", "image/png"],
    ]);
    expect(attachments[0]!.content.equals(menu)).toBe(true);
    expect(attachments[1]!.content.equals(logo)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the footer's documents open in the interface language", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: "locale", value: "zh", url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/service-contacts`);
    const footer = page.locator(".site-footer");
    for (const [name, path, title] of [
      ["公开要约", "/offer", "公开要约"],
      ["隐私政策", "/privacy-policy", "隐私政策"],
      ["个人数据处理", "/privacy", "个人数据处理条款"],
      ["用户协议", "/user-agreement", "用户协议"],
    ]) {
      await footer.getByRole("link", { name, exact: true }).click();
      await page.waitForURL(`${base}${path}`);
      await page.getByTestId("legal-doc").getByRole("heading", { level: 1, name: title }).waitFor();
      await expect(page.getByTestId("legal-doc").locator("h2").count()).resolves.toBeGreaterThan(3);
    }
    // Links inside a document stay in the app.
    await page.getByTestId("legal-doc").getByRole("link", { name: "联系表单" }).first().click();
    await page.waitForURL(`${base}/service-contacts`);
    await context.close();
  });
});
