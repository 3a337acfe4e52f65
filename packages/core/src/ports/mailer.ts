/** Outgoing e-mail: SES in the cloud, SMTP when configured, an outbox folder locally. */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: { filename: string; contentType: string; content: Uint8Array }[];
};

export interface Mailer {
  send(mail: Mail): Promise<void>;
}
