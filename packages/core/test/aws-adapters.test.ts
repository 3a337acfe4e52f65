import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AwsError } from "../src/adapters/aws-call";
import { sesMailer } from "../src/adapters/ses-mailer";
import { sqsQueue } from "../src/adapters/sqs-queue";

type Recorded = { method?: string; url?: string; headers: IncomingHttpHeaders; body: unknown };
type Answer = { status: number; headers?: Record<string, string>; body: unknown };

/**
 * A fake AWS endpoint: records each request and answers from a script (then `ok`). SQS and SES
 * cannot run here; the fakes answer as the services document their JSON protocols.
 */
function fakeAws(ok: Answer) {
  const requests: Recorded[] = [];
  const script: Answer[] = [];
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (d: Buffer) => (raw += d.toString()));
    req.on("end", () => {
      requests.push({ method: req.method, url: req.url, headers: req.headers, body: JSON.parse(raw) });
      const answer = script.shift() ?? ok;
      res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers }).end(JSON.stringify(answer.body));
    });
  });
  return {
    requests,
    script,
    async url() {
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise((r) => server.close(r)),
  };
}

const saved = { ...process.env };
// The SDK's credential chain reads the environment, as on Lambda.
beforeAll(() => void Object.assign(process.env, { AWS_ACCESS_KEY_ID: "AKIDEXAMPLE", AWS_SECRET_ACCESS_KEY: "secret", AWS_SESSION_TOKEN: "token-1" }));
afterAll(() => void (process.env = saved));

const rejection = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e as AwsError);

describe("SQS job queue", () => {
  const fake = fakeAws({ status: 200, body: { MessageId: "5fea7756-0ea4-451a-a703-a558b933e274", MD5OfMessageBody: "x" } });
  const urls = { publish: "https://sqs.eu-central-1.amazonaws.com/123456789012/publish", translate: undefined, export: undefined, copy: undefined, read: undefined };
  let queue: ReturnType<typeof sqsQueue>;
  beforeAll(async () => void (queue = sqsQueue(urls, { endpoint: await fake.url(), region: "eu-central-1" })));
  afterAll(() => fake.close());
  beforeEach(() => void fake.requests.splice(0));

  it("sends SendMessage over JSON 1.0, signed for SQS with the session token", async () => {
    await queue.send("publish", { storeId: "s1" });
    const [request] = fake.requests;
    expect(request!.method).toBe("POST");
    expect(request!.headers["x-amz-target"]).toBe("AmazonSQS.SendMessage");
    expect(request!.headers["content-type"]).toBe("application/x-amz-json-1.0");
    expect(request!.headers["x-amz-security-token"]).toBe("token-1");
    expect(request!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-central-1\/sqs\/aws4_request, SignedHeaders=\S*x-amz-target/);
    expect(request!.body).toEqual({ QueueUrl: urls.publish, MessageBody: JSON.stringify({ storeId: "s1" }) });
    // A debounced message (the checklist's translation count) is held back by SQS itself.
    await queue.send("publish", { storeId: "s1" }, { delaySeconds: 5 });
    expect(fake.requests[1]!.body).toEqual({ QueueUrl: urls.publish, MessageBody: JSON.stringify({ storeId: "s1" }), DelaySeconds: 5 });
  });

  it("retries a throttled send, and fails at once on an error that will not pass", async () => {
    fake.script.push({ status: 400, body: { __type: "com.amazon.coral.availability#ThrottlingException", message: "Rate exceeded" } });
    await queue.send("publish", { storeId: "s2" });
    expect(fake.requests).toHaveLength(2);

    fake.script.push({ status: 400, body: { __type: "com.amazonaws.sqs#QueueDoesNotExist", message: "The specified queue does not exist." } });
    const error = await rejection(queue.send("publish", { storeId: "s3" }));
    expect(error).toBeInstanceOf(AwsError);
    expect(error).toMatchObject({ name: "QueueDoesNotExist", status: 400, message: "The specified queue does not exist." });
    expect(fake.requests).toHaveLength(3);
  });

  it("refuses a queue without a URL before any request", async () => {
    await expect(queue.send("translate", {})).rejects.toThrow("No URL configured for queue translate");
    expect(fake.requests).toHaveLength(0);
  });
});

describe("SES mailer", () => {
  const fake = fakeAws({ status: 200, body: { MessageId: "0100018c-ses" } });
  let mailer: ReturnType<typeof sesMailer>;
  beforeAll(async () => void (mailer = sesMailer("QR Menu <no-reply@menu.example>", { endpoint: await fake.url(), region: "eu-west-1", configurationSet: "prod-qr-menu-mail" })));
  afterAll(() => fake.close());
  beforeEach(() => void fake.requests.splice(0));

  it("sends SendEmail over REST-JSON with the attachments' bytes in base64", async () => {
    const pdf = Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10]);
    await mailer.send({
      to: "owner@cafe.example",
      subject: "Счёт №1",
      text: "Здравствуйте",
      html: "<p>Здравствуйте</p>",
      replyTo: "help@menu.example",
      attachments: [{ filename: "invoice-1.pdf", contentType: "application/pdf", content: pdf }],
    });
    const [request] = fake.requests;
    expect(request!.method).toBe("POST");
    expect(request!.url).toBe("/v2/email/outbound-emails");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/ses\/aws4_request, /);
    const body = request!.body as {
      FromEmailAddress: string;
      Destination: unknown;
      ReplyToAddresses: string[];
      Content: { Simple: { Subject: unknown; Body: unknown; Attachments: { FileName: string; ContentType: string; RawContent: string }[] } };
    };
    expect(body.FromEmailAddress).toBe("QR Menu <no-reply@menu.example>");
    // Through the configuration set whose event destination reports bounces and complaints.
    expect((body as { ConfigurationSetName?: string }).ConfigurationSetName).toBe("prod-qr-menu-mail");
    expect(body.Destination).toEqual({ ToAddresses: ["owner@cafe.example"] });
    expect(body.ReplyToAddresses).toEqual(["help@menu.example"]);
    expect(body.Content.Simple.Subject).toEqual({ Data: "Счёт №1", Charset: "UTF-8" });
    expect(body.Content.Simple.Body).toEqual({ Text: { Data: "Здравствуйте", Charset: "UTF-8" }, Html: { Data: "<p>Здравствуйте</p>", Charset: "UTF-8" } });
    const [attachment] = body.Content.Simple.Attachments;
    expect(attachment).toMatchObject({ FileName: "invoice-1.pdf", ContentType: "application/pdf" });
    expect([...Buffer.from(attachment!.RawContent, "base64")]).toEqual([...pdf]);
  });

  it("reports SES's error type from x-amzn-ErrorType", async () => {
    fake.script.push({
      status: 400,
      headers: { "x-amzn-errortype": "MessageRejected:http://internal.amazon.com/coral/com.amazonaws.sesv2/" },
      body: { message: "Email address is not verified." },
    });
    const error = await rejection(mailer.send({ to: "x@cafe.example", subject: "s", text: "t" }));
    expect(error).toMatchObject({ name: "MessageRejected", status: 400, message: "Email address is not verified." });
    expect(fake.requests).toHaveLength(1);
  });
});
