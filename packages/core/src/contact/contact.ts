/** The service's contact form: delivered by e-mail to the support address with the attachments. */
import { z } from "zod";
import type { Limit } from "../auth/config";
import { takeOrThrow } from "../auth/rate-limit";
import { usePorts } from "../ports";
import { UserError } from "../shared/errors";
import { attachmentProblem, ContactForm } from "./schemas";

/** Where contact messages go: `SUPPORT_EMAIL` (the stacks set it in the cloud). */
export const supportEmail = () => process.env.SUPPORT_EMAIL || "support@localhost";

const HOUR = 60 * 60_000;
/** Per client address and per sender e-mail: enough for a person, not for a spammer. */
export const CONTACT_RATE: Limit = { limit: 5, windowMs: HOUR };

export const ContactAttachment = z.object({
  filename: z.string(),
  contentType: z.string(),
  content: z.instanceof(Uint8Array),
});
export type ContactAttachment = z.infer<typeof ContactAttachment>;

/** A file name fit for a MIME header: no paths, no control characters, not too long. */
const safeFilename = (name: string) =>
  [...(name.split(/[\\/]/).pop() ?? "")]
    .filter((ch) => ch.charCodeAt(0) >= 32 && ch !== "\u007f" && ch !== '"')
    .join("")
    .trim()
    .slice(-150) || "attachment";
const safeType = (type: string) => (/^[\w.+-]+\/[\w.+-]+$/.test(type) ? type.toLowerCase() : "application/octet-stream");

/**
 * Validates the form and the attachments, counts the attempt against the rate limits, then mails
 * it to support with Reply-To set to the sender. A mailer failure answers "The message could not
 * be delivered" (the cause is logged, not shown).
 */
export async function sendContactMessage(input: ContactForm, attachments: ContactAttachment[], ctx: { ip?: string } = {}) {
  const form = ContactForm.parse(input);
  const problem = attachmentProblem(attachments.map((a) => ({ size: a.content.byteLength })));
  if (problem) throw new UserError(problem, 400);
  await takeOrThrow([
    [`contact:ip:${ctx.ip || "unknown"}`, CONTACT_RATE],
    [`contact:email:${form.email}`, CONTACT_RATE],
  ]);
  const files = attachments.map((a) => ({ filename: safeFilename(a.filename), contentType: safeType(a.contentType), content: a.content }));
  const text = [
    `Name: ${form.name}`,
    `E-mail: ${form.email}`,
    ...(files.length ? [`Attachments: ${files.map((f) => f.filename).join(", ")}`] : []),
    "",
    form.message,
  ].join("\n");
  try {
    await usePorts().mailer.send({
      to: supportEmail(),
      replyTo: form.email,
      subject: `Contact form: ${form.name.replace(/\s+/g, " ")}`,
      text,
      attachments: files,
    });
  } catch (error) {
    console.error("Contact message not delivered", error);
    throw new UserError("messageNotDelivered", 503);
  }
  return { sent: true as const };
}
