import type { Mailer } from "../ports/mailer";
import { awsService } from "./aws-call";

/** E-mail through Amazon SES v2's SendEmail (the cloud deployment). Attachments go as SES v2 attachments. */
export function sesMailer(from: string, { configurationSet, ...options }: { endpoint?: string; region?: string; configurationSet?: string } = {}): Mailer {
  const call = awsService({ signingName: "ses", endpointPrefix: "email", endpointEnv: "SESV2", ...options });
  return {
    async send(mail) {
      await call({
        path: "/v2/email/outbound-emails",
        body: {
          FromEmailAddress: from,
          // Its event destination brings bounces and complaints back (mail/feedback.ts).
          ConfigurationSetName: configurationSet,
          Destination: { ToAddresses: [mail.to] },
          ReplyToAddresses: mail.replyTo ? [mail.replyTo] : undefined,
          Content: {
            Simple: {
              Subject: { Data: mail.subject, Charset: "UTF-8" },
              Body: {
                Text: { Data: mail.text, Charset: "UTF-8" },
                ...(mail.html ? { Html: { Data: mail.html, Charset: "UTF-8" } } : {}),
              },
              // REST-JSON sends blobs in base64.
              Attachments: mail.attachments?.map((a) => ({
                FileName: a.filename,
                ContentType: a.contentType,
                RawContent: Buffer.from(a.content).toString("base64"),
              })),
            },
          },
        },
      });
    },
  };
}
