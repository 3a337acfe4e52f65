import { beforeAll, describe, expect, it } from "vitest";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context, SQSEvent } from "aws-lambda";
import { inject } from "vitest";
import { db } from "@menu/core/db/client";
import { venue } from "../../core/test/fixtures";

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
  api = (await import("../src/api")).handler as typeof api;
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
  it("redirects a table QR link", async () => {
    const res = await api(httpEvent("GET", `/t/${v.table.qr_key}`), context);
    expect(res.statusCode).toBe(302);
    expect(res.headers?.location).toBe(`/${v.company.url_key}/main/menu?table=7`);
  });
});

describe("SQS worker", () => {
  it("reports the messages it could not process as batch item failures", async () => {
    const { handler } = await import("../src/workers/export");
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
    const { JOB_HANDLERS } = await import("@menu/core/jobs");
    const seen: unknown[] = [];
    JOB_HANDLERS.export = async (m) => {
      seen.push(m);
      if (seen.length === 2) throw new Error("second fails");
    };
    expect(await handler(event)).toEqual({ batchItemFailures: [{ itemIdentifier: "m2" }] });
    expect(seen).toEqual([{ kind: "test" }, { kind: "test" }]);
  });
});
