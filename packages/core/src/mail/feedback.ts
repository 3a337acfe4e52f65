import { z } from "zod";
import { Db } from "../db/service";

/**
 * SES's bounce and complaint reports (the configuration set's event destination publishes them to an
 * SNS topic; packages/functions/src/mail-feedback.ts passes each SNS message here). A permanent bounce
 * or a complaint marks each address it names undeliverable, and `sendAccountMail` (auth/mail.ts)
 * mails such an address no more: SES's reputation suffers from every further bounce and complaint
 * (it pauses sending above 5 % bounces or 0.1 % complaints). Transient and undetermined bounces (a
 * full mailbox, an unreachable server) mark nothing: SES has already retried those.
 *
 * Event publishing names the type `eventType`; an identity's own notifications (if an operator sets
 * those up too) name it `notificationType`, with the same `bounce` and `complaint` objects.
 */
const Recipient = z.object({ emailAddress: z.string() });
const Report = z.object({
  eventType: z.string().optional(),
  notificationType: z.string().optional(),
  bounce: z.object({ bounceType: z.string(), bounceSubType: z.string().optional(), bouncedRecipients: z.array(Recipient), feedbackId: z.string().optional() }).optional(),
  complaint: z
    .object({ complainedRecipients: z.array(Recipient), complaintFeedbackType: z.string().optional(), feedbackId: z.string().optional() })
    .optional(),
});

/** What one report marked. */
export type MailFeedback = { reason: "bounce" | "complaint"; addresses: string[] } | { reason: "none"; addresses: [] };

/** Records one SES report (the SNS message's text); reports of other kinds are ignored. */
export async function recordMailFeedback(message: string): Promise<MailFeedback> {
  const report = Report.parse(JSON.parse(message));
  const type = report.eventType ?? report.notificationType;
  if (type === "Bounce" && report.bounce?.bounceType === "Permanent") {
    const { bounce } = report;
    return mark("bounce", bounce.bouncedRecipients, bounce.bounceSubType, bounce.feedbackId);
  }
  if (type === "Complaint" && report.complaint) {
    const { complaint } = report;
    return mark("complaint", complaint.complainedRecipients, complaint.complaintFeedbackType, complaint.feedbackId);
  }
  return { reason: "none", addresses: [] };
}

async function mark(reason: "bounce" | "complaint", recipients: z.infer<typeof Recipient>[], detail?: string, feedbackId?: string) {
  const addresses = [...new Set(recipients.map((r) => normalise(r.emailAddress)))];
  await Promise.all(addresses.map((email) => Db().entities.mailSuppression.put({ email, reason, detail, feedback_id: feedbackId }).go()));
  return { reason, addresses };
}

/** Whether an address bounced for good or complained: then nothing more is mailed to it. */
export async function isUndeliverable(address: string) {
  const { data } = await Db().entities.mailSuppression.get({ email: normalise(address) }).go();
  return data !== null;
}

/** SES reports the address as it was sent; one row per address whatever its case or a display name. */
const normalise = (address: string) => (/<([^>]+)>\s*$/.exec(address)?.[1] ?? address).trim().toLowerCase();
