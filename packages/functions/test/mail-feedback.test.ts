/**
 * Issue 34, point 4: SES's bounce and complaint events, as the configuration set's SNS destination
 * delivers them to the Lambda (the SNS envelope around SES's JSON, examples from SES's documentation
 * "Examples of event data that Amazon SES publishes to Amazon SNS"), mark the address undeliverable
 * in DynamoDB Local, and account mails to it stop; other addresses are still mailed.
 */
import type { SNSEvent } from "aws-lambda";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Mail } from "@menu/core";
import { db } from "@menu/core/db/client";
import { requestPasswordReset } from "@menu/core/auth/password-reset";
import { isUndeliverable } from "@menu/core/mail/feedback";
import { createUser } from "@menu/core/auth/user";
import { venue } from "../../core/test/fixtures";

const mails: Mail[] = [];
let handler: (event: SNSEvent) => Promise<void>;

/** The SNS notification Lambda receives for one SES event. */
function snsEvent(sesEvent: unknown): SNSEvent {
  return {
    Records: [
      {
        EventSource: "aws:sns",
        EventVersion: "1.0",
        EventSubscriptionArn: "arn:aws:sns:eu-central-1:123456789012:prod-qr-menu-mail-feedback:2bcfbf39-05c3-41de-beaa-fcfcc21c8f55",
        Sns: {
          Type: "Notification",
          MessageId: "95df01b4-ee98-5cb9-9903-4c221d41eb5e",
          TopicArn: "arn:aws:sns:eu-central-1:123456789012:prod-qr-menu-mail-feedback",
          Subject: "",
          Message: JSON.stringify(sesEvent),
          Timestamp: "2026-11-27T00:41:03.100Z",
          SignatureVersion: "1",
          Signature: "EXAMPLE",
          SigningCertUrl: "https://sns.eu-central-1.amazonaws.com/SimpleNotificationService-0000000000000000000000.pem",
          UnsubscribeUrl: "https://sns.eu-central-1.amazonaws.com/?Action=Unsubscribe&SubscriptionArn=arn:aws:sns:eu-central-1:123456789012:x",
          MessageAttributes: {},
        },
      },
    ],
  };
}

/** SES's "mail" object of an event: the message the report is about. */
const mailObject = (to: string) => ({
  timestamp: "2026-11-27T00:40:02.012Z",
  source: "QR Menu <no-reply@menu.example.com>",
  sourceArn: "arn:aws:ses:eu-central-1:123456789012:identity/menu.example.com",
  sendingAccountId: "123456789012",
  messageId: "EXAMPLE7c191be45-e9aedb9a-02f9-4d12-a87d-dd0099a07f8a-000000",
  destination: [to],
  headersTruncated: false,
  headers: [{ name: "To", value: to }],
  commonHeaders: { from: ["QR Menu <no-reply@menu.example.com>"], to: [to], messageId: "EXAMPLE", subject: "Password reset" },
  tags: { "ses:configuration-set": ["prod-qr-menu-mail"], "ses:source-ip": ["192.0.2.0"], "ses:from-domain": ["menu.example.com"] },
});
const bounce = (to: string, bounceType: "Permanent" | "Transient" | "Undetermined", bounceSubType = "General") => ({
  eventType: "Bounce",
  bounce: {
    bounceType,
    bounceSubType,
    bouncedRecipients: [{ emailAddress: to, action: "failed", status: "5.1.1", diagnosticCode: "smtp; 550 5.1.1 user unknown" }],
    timestamp: "2026-11-27T00:41:02.669Z",
    feedbackId: "01000157c44f053b-61b59c11-9236-11e6-8f96-7be8aexample-000000",
    reportingMTA: "dsn; mta.example.com",
  },
  mail: mailObject(to),
});
const complaint = (to: string) => ({
  eventType: "Complaint",
  complaint: {
    complainedRecipients: [{ emailAddress: to }],
    timestamp: "2026-11-27T00:41:02.669Z",
    feedbackId: "01000157c44f053b-61b59c11-9236-11e6-8f96-7be8aexample-000001",
    userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64)",
    complaintFeedbackType: "abuse",
    arrivalDate: "2026-11-27T00:41:02.669Z",
  },
  mail: mailObject(to),
});
const delivery = (to: string) => ({
  eventType: "Delivery",
  delivery: { timestamp: "2026-11-27T00:41:02.669Z", processingTimeMillis: 1000, recipients: [to], smtpResponse: "250 2.6.0 Message received", reportingMTA: "mta.example.com" },
  mail: mailObject(to),
});

let companyId: string;
async function user(prefix: string) {
  const email = `${prefix}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await createUser({ email, password: "Correct-horse-42", role: "company_manager", company_id: companyId, email_confirmed: true });
  return email;
}
/** Asks for a password reset link and says whether a mail went out for it. */
async function resetMailed(email: string) {
  const before = mails.length;
  await requestPasswordReset({ email }, { ip: `198.51.100.${Math.floor(Math.random() * 250)}` });
  return mails.slice(before).some((m) => m.to === email);
}

beforeAll(async () => {
  // The handler configures itself from the environment on cold start, as in the cloud.
  process.env.TABLE_NAME = db().table;
  process.env.DYNAMODB_ENDPOINT = inject("dynamoEndpoint");
  companyId = (await venue("mailfeedback")).company_id;
  handler = (await import("../src/mail-feedback")).handler;
  const { setPorts, usePorts } = await import("@menu/core");
  setPorts({ ...usePorts(), mailer: { send: async (mail) => void mails.push(mail) } });
});

describe("SES bounces and complaints", () => {
  it("stops mailing an address after a permanent bounce, whatever case SES reports it in", async () => {
    const [bounced, other] = await Promise.all([user("bounced"), user("other")]);
    expect(await resetMailed(bounced)).toBe(true);
    await handler(snsEvent(bounce(bounced.toUpperCase(), "Permanent", "NoEmail")));
    expect(await isUndeliverable(bounced)).toBe(true);
    expect(await resetMailed(bounced)).toBe(false);
    // Everyone else is still mailed.
    expect(await resetMailed(other)).toBe(true);
    const { data } = await (await import("@menu/core")).Db().entities.mailSuppression.get({ email: bounced }).go();
    expect(data).toMatchObject({ email: bounced, reason: "bounce", detail: "NoEmail", feedback_id: "01000157c44f053b-61b59c11-9236-11e6-8f96-7be8aexample-000000" });
  });

  it("stops mailing an address whose owner marked a mail as spam", async () => {
    const complained = await user("complained");
    await handler(snsEvent(complaint(`Guest Name <${complained}>`)));
    expect(await isUndeliverable(complained)).toBe(true);
    expect(await resetMailed(complained)).toBe(false);
  });

  it("keeps mailing after a transient or undetermined bounce, and ignores other events", async () => {
    const soft = await user("soft");
    await handler(snsEvent(bounce(soft, "Transient", "MailboxFull")));
    await handler(snsEvent(bounce(soft, "Undetermined", "Undetermined")));
    await handler(snsEvent(delivery(soft)));
    expect(await isUndeliverable(soft)).toBe(false);
    expect(await resetMailed(soft)).toBe(true);
  });

  it("reads an identity's own notifications too (notificationType instead of eventType)", async () => {
    const address = await user("identity");
    const { eventType: _, ...rest } = bounce(address, "Permanent");
    await handler(snsEvent({ notificationType: "Bounce", ...rest }));
    expect(await isUndeliverable(address)).toBe(true);
  });

  it("fails on a message that is not SES's JSON, so SNS retries and the errors alarm fires", async () => {
    await expect(handler({ Records: [{ ...snsEvent({}).Records[0]!, Sns: { ...snsEvent({}).Records[0]!.Sns, Message: "not json" } }] })).rejects.toThrow();
  });
});
