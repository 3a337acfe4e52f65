import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import type { Mailer } from "../ports/mailer";

/** E-mail through Amazon SES (the cloud deployment). Attachments go as SES v2 attachments. */
export function sesMailer(from: string, client = new SESv2Client({})): Mailer {
  return {
    async send(mail) {
      await client.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [mail.to] },
          ReplyToAddresses: mail.replyTo ? [mail.replyTo] : undefined,
          Content: {
            Simple: {
              Subject: { Data: mail.subject, Charset: "UTF-8" },
              Body: {
                Text: { Data: mail.text, Charset: "UTF-8" },
                ...(mail.html ? { Html: { Data: mail.html, Charset: "UTF-8" } } : {}),
              },
              Attachments: mail.attachments?.map((a) => ({
                FileName: a.filename,
                ContentType: a.contentType,
                RawContent: a.content,
              })),
            },
          },
        }),
      );
    },
  };
}
