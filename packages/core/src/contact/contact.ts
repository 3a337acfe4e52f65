/**
 * The service's contact form: delivered by e-mail to the support address with the attachments.
 * Attachments are uploaded first, each straight to the object store through a presigned URL (S3 in
 * the cloud, the local runtime's signed link locally), so 3 × 5 MB never pass through the API
 * (API Gateway takes 10 MB, Lambda 6 MB); the message names them and the server reads them back.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Limit } from "../auth/config";
import { takeOrThrow } from "../auth/rate-limit";
import { usePorts } from "../ports";
import { UserError } from "../shared/errors";
import { attachmentProblem, CONTACT_LIMITS, ContactForm } from "./schemas";

/** Where contact messages go: `SUPPORT_EMAIL` (the stacks set it in the cloud). */
export const supportEmail = () => process.env.SUPPORT_EMAIL || "support@localhost";

const HOUR = 60 * 60_000;
/** Per client address and per sender e-mail: enough for a person, not for a spammer. */
export const CONTACT_RATE: Limit = { limit: 5, windowMs: HOUR };

/** Per client address: uploads for five messages of three files. */
export const ATTACHMENT_RATE: Limit = { limit: CONTACT_RATE.limit * CONTACT_LIMITS.files, windowMs: HOUR };
/** How long a browser has to send an attachment once it has its upload URL. */
const UPLOAD_URL_SECONDS = 10 * 60;

export const AttachmentUpload = z.object({
  content_type: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/).max(100),
  size: z.number().int().min(0),
});
/** An attachment as the message names it: the id its upload got, and the file's name. */
export const ContactAttachmentRef = z.object({ id: z.string().uuid(), file_name: z.string().max(500) });
export const ContactMessage = ContactForm.extend({ attachments: z.array(ContactAttachmentRef).default([]) });
export type ContactMessage = z.input<typeof ContactMessage>;

/** Uploaded attachments live here until the message is sent (never served; expired by the bucket's lifecycle). */
const stagedKey = (id: string) => `contact/${id}`;

/**
 * POST /api/contact/attachments: a URL to PUT one attachment to, for exactly its size and type.
 * Anyone may ask (the form is public), within a per-address limit; an oversized file is refused here.
 */
export async function requestAttachmentUpload(input: z.input<typeof AttachmentUpload>, ctx: { ip?: string } = {}) {
  const { content_type, size } = AttachmentUpload.parse(input);
  const problem = attachmentProblem([{ size }]);
  if (problem) throw new UserError(problem, 400);
  await takeOrThrow([[`contact-upload:ip:${ctx.ip || "unknown"}`, ATTACHMENT_RATE]]);
  const id = randomUUID();
  const put = await usePorts().objects.presignPut(stagedKey(id), { expiresInSeconds: UPLOAD_URL_SECONDS, contentType: content_type, size });
  return { id, ...put };
}

/** A file name fit for a MIME header: no paths, no control characters, not too long. */
const safeFilename = (name: string) =>
  [...(name.split(/[\\/]/).pop() ?? "")]
    .filter((ch) => ch.charCodeAt(0) >= 32 && ch !== "\u007f" && ch !== '"')
    .join("")
    .trim()
    .slice(-150) || "attachment";
const safeType = (type: string) => (/^[\w.+-]+\/[\w.+-]+$/.test(type) ? type.toLowerCase() : "application/octet-stream");

/**
 * POST /api/contact: validates the form, counts the attempt against the rate limits, reads the
 * uploaded attachments back and checks them, then mails it all to support with Reply-To set to the
 * sender (the uploads are deleted once sent). A mailer failure answers "The message could not
 * be delivered" (the cause is logged, not shown).
 */
export async function sendContactMessage(input: ContactMessage, ctx: { ip?: string } = {}) {
  const { attachments, ...form } = ContactMessage.parse(input);
  if (attachments.length > CONTACT_LIMITS.files) throw new UserError("contactTooManyFiles", 400);
  await takeOrThrow([
    [`contact:ip:${ctx.ip || "unknown"}`, CONTACT_RATE],
    [`contact:email:${form.email}`, CONTACT_RATE],
  ]);
  const objects = usePorts().objects;
  const stored = await Promise.all(attachments.map((a) => objects.get(stagedKey(a.id))));
  // An attachment whose upload never arrived (or was already sent): the form asks again.
  if (stored.some((o) => !o)) throw new UserError("valueIncorrect", 400, { field: "attachments" });
  const problem = attachmentProblem(stored.map((o) => ({ size: o!.body.byteLength })));
  if (problem) throw new UserError(problem, 400);
  const files = attachments.map((a, i) => ({ filename: safeFilename(a.file_name), contentType: safeType(stored[i]!.contentType), content: stored[i]!.body }));
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
  await Promise.all(attachments.map((a) => objects.delete(stagedKey(a.id))));
  return { sent: true as const };
}
