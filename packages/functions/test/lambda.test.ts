import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context, SQSEvent } from "aws-lambda";
import { inject } from "vitest";
import { configureDb, db } from "@menu/core/db/client";
import { venue } from "../../core/test/fixtures";
import { startFakeLibreTranslate } from "../../core/test/support/fake-translate-servers";

/** An API Gateway HTTP API (payload format 2.0) event, as the Lambda receives it. */
function httpEvent(method: string, path: string, query = "", body?: unknown): APIGatewayProxyEventV2 {
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath: path,
    rawQueryString: query,
    cookies: [],
    headers: { host: "api.example.com", "content-type": "application/json", "user-agent": "vitest" },
    queryStringParameters: Object.fromEntries(new URLSearchParams(query)),
    requestContext: {
      accountId: "123456789012",
      apiId: "api",
      domainName: "api.example.com",
      domainPrefix: "api",
      http: { method, path, protocol: "HTTP/1.1", sourceIp: "203.0.113.1", userAgent: "vitest" },
      requestId: "req-1",
      routeKey: "$default",
      stage: "$default",
      time: "21/Nov/2026:10:00:00 +0000",
      timeEpoch: 1795000000000,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    isBase64Encoded: false,
  };
}

const context = { awsRequestId: "req-1", functionName: "api" } as Context;
let api: (e: APIGatewayProxyEventV2, c: Context) => Promise<APIGatewayProxyStructuredResultV2>;
let v: Awaited<ReturnType<typeof venue>>;

beforeAll(async () => {
  // The handler configures itself from the environment on cold start, as in the cloud.
  process.env.TABLE_NAME = db().table;
  process.env.DYNAMODB_ENDPOINT = inject("dynamoEndpoint");
  v = await venue("lambda");
  // Cold start chooses S3 for objects, which is not reachable here: the published objects (the QR
  // links of /t/{key}) stay in this file's local store, the one `venue` wrote them to.
  const { setPorts, usePorts } = await import("@menu/core");
  const objects = usePorts().objects;
  api = (await import("../src/api")).handler as typeof api;
  setPorts({ ...usePorts(), objects });
});

describe("API Lambda handler", () => {
  it("answers a section-7 call from an API Gateway v2 event", async () => {
    const res = await api(httpEvent("GET", "/api/store-and-company-by-qr-key", `qrKey=${v.table.qr_key}`), context);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toEqual({ company_url_key: v.company.url_key, store_url_key: "main", position: 7 });
  });
  it("reads JSON bodies and answers 400 for bad ones", async () => {
    const ok = await api(httpEvent("POST", "/api/products/several-get", "", { ids: [v.items.visible] }), context);
    expect(JSON.parse(ok.body!)).toHaveLength(1);
    const bad = await api(httpEvent("POST", "/api/products/several-get", "", { ids: 5 }), context);
    expect(bad.statusCode).toBe(400);
  });
  it("redirects a table QR link from its published object, without the database", async () => {
    const res = await api(httpEvent("GET", `/t/${v.table.qr_key}`), context);
    expect(res.statusCode).toBe(302);
    expect(res.headers?.location).toBe(`/${v.company.url_key}/main/menu?table=7`);
    // With the database out of reach, the scan is answered the same: it reads the published link only.
    const { table } = db();
    configureDb({ table, endpoint: "http://127.0.0.1:9" });
    try {
      const again = await api(httpEvent("GET", `/t/${v.table.qr_key}`), context);
      expect(again.headers?.location).toBe(`/${v.company.url_key}/main/menu?table=7`);
    } finally {
      configureDb({ table, endpoint: inject("dynamoEndpoint") });
    }
  });
});

const sqsRecord = (messageId: string, body: unknown): SQSEvent["Records"][number] => ({
  messageId,
  receiptHandle: "r",
  body: JSON.stringify(body),
  attributes: { ApproximateReceiveCount: "1", SentTimestamp: "0", SenderId: "s", ApproximateFirstReceiveTimestamp: "0" },
  messageAttributes: {},
  md5OfBody: "",
  eventSource: "aws:sqs",
  eventSourceARN: "arn:aws:sqs:eu-central-1:123456789012:translate",
  awsRegion: "eu-central-1",
});

describe("translate worker", () => {
  let engine: Awaited<ReturnType<typeof startFakeLibreTranslate>>;
  beforeAll(async () => {
    engine = await startFakeLibreTranslate();
  });
  afterAll(async () => {
    delete process.env.LIBRETRANSLATE_URL;
    await engine.close();
  });

  it("translates the item of a real SQS event through the engine the environment names, and reports a malformed message", async () => {
    process.env.LIBRETRANSLATE_URL = engine.url;
    const { handler } = await import("../src/workers/translate");
    const { Db, setPorts, usePorts, clock } = await import("@menu/core");
    const { requestTranslation } = await import("@menu/core/translation/jobs");
    expect(usePorts().translator.name).toBe("libretranslate");
    // The SQS queues are not reachable here: record what the worker sends on (the publish request).
    const sent: { queue: string; message: Record<string, unknown> }[] = [];
    setPorts({ ...usePorts(), queue: { send: async (queue, message) => void sent.push({ queue, message }) } });
    const keys = { company_id: v.company_id, store_id: v.store_id };
    const now = clock.now();
    await Db().entities.store.patch(keys).set({ languages: ["ru", "en"] }).go();
    await Db()
      .entities.subscription.create({ ...keys, subscription_id: randomUUID(), plan: "basic", status: "active", starts_at: now.toISOString(), ends_at: new Date(now.getTime() + 86_400_000).toISOString() })
      .go();
    await requestTranslation(keys, [{ target_type: "Item", target_id: v.items.visible }]);
    // The item's job (the queue also carries the checklist's debounced count, `refresh: "facts"`).
    const job = sent.find((s) => s.queue === "translate" && s.message.targets)!.message;
    expect(job.targets).toEqual([{ target_type: "Item", target_id: v.items.visible }]);

    const result = await handler({ Records: [sqsRecord("ok", job), sqsRecord("bad", { target_type: "Nothing" })] });
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: "bad" }] });
    const { data } = await Db().entities.item.get({ ...keys, item_id: v.items.visible }).go();
    expect(data?.translations?.en?.title).toBe("[en] Борщ");
    expect(sent.some((s) => s.queue === "publish")).toBe(true);
  });
});

describe("SQS worker", () => {
  it("reports the messages it could not process as batch item failures", async () => {
    const { sqsWorker } = await import("../src/sqs-worker");
    const seen: unknown[] = [];
    const handler = sqsWorker("export", async (m) => {
      seen.push(m);
      if (seen.length === 2) throw new Error("second fails");
    });
    const event: SQSEvent = {
      Records: ["m1", "m2"].map((messageId) => ({
        messageId,
        receiptHandle: "r",
        body: JSON.stringify({ kind: "test" }),
        attributes: {
          ApproximateReceiveCount: "1",
          SentTimestamp: "0",
          SenderId: "s",
          ApproximateFirstReceiveTimestamp: "0",
        },
        messageAttributes: {},
        md5OfBody: "",
        eventSource: "aws:sqs",
        eventSourceARN: "arn:aws:sqs:eu-central-1:123456789012:export",
        awsRegion: "eu-central-1",
      })),
    };
    expect(await handler(event)).toEqual({ batchItemFailures: [{ itemIdentifier: "m2" }] });
    expect(seen).toEqual([{ kind: "test" }, { kind: "test" }]);
  });
});
