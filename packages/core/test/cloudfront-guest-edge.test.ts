import { createServer, type IncomingMessage, type Server } from "node:http";
import { CloudFrontKeyValueStoreClient } from "@aws-sdk/client-cloudfront-keyvaluestore";
import { S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cloudFrontGuestEdge } from "../src/adapters/cloudfront-guest-edge";

/**
 * Fakes of the two services the cloud adapter writes to, speaking their REST protocols (neither can
 * run here): the CloudFront KeyValueStore data plane (Describe gives the store's ETag, PutKey needs
 * it in If-Match and answers 409 ConflictException when it is stale, GetKey 404
 * ResourceNotFoundException for a missing key) and S3's PutObject.
 */
type Seen = { method: string; path: string; headers: IncomingMessage["headers"]; body: string };
type Answer = { status: number; headers?: Record<string, string>; body?: unknown };
function fakeServer(answer: (req: Seen) => Answer) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (d: Buffer) => (body += d.toString()));
    req.on("end", () => {
      const r = { method: req.method!, path: decodeURIComponent(req.url!), headers: req.headers, body };
      seen.push(r);
      const { status, headers = {}, body: out } = answer(r);
      res.writeHead(status, { "content-type": "application/json", ...headers }).end(out === undefined ? "" : JSON.stringify(out));
    });
  });
  return { server, seen };
}
const listen = (server: Server) =>
  new Promise<number>((ok) => server.listen(0, "127.0.0.1", () => ok((server.address() as { port: number }).port)));

const ARN = "arn:aws:cloudfront::123456789012:key-value-store/0f1e2d3c";
const credentials = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret" };

describe("cloudFrontGuestEdge", () => {
  const store = new Map<string, string>();
  let etag = 1;
  let conflicts = 0;
  const kvs = fakeServer(({ method, path, headers, body }): Answer => {
    const keyPath = path.split(`/key-value-stores/${ARN}/keys/`)[1];
    if (method === "GET" && keyPath === undefined) return { status: 200, headers: { etag: `E${etag}` }, body: { KvsARN: ARN, ItemCount: store.size, TotalSizeInBytes: 1 } };
    if (method === "GET") {
      const value = store.get(keyPath!);
      return value === undefined
        ? { status: 404, headers: { "x-amzn-errortype": "ResourceNotFoundException" }, body: { Message: "Key not found" } }
        : { status: 200, body: { Key: keyPath, Value: value, ItemCount: store.size, TotalSizeInBytes: 1 } };
    }
    // A writer elsewhere changed the store between this one's Describe and PutKey.
    if (conflicts > 0 || headers["if-match"] !== `E${etag}`) {
      conflicts = Math.max(0, conflicts - 1);
      etag++;
      return { status: 409, headers: { "x-amzn-errortype": "ConflictException" }, body: { Message: "Pre-condition failed" } };
    }
    store.set(keyPath!, (JSON.parse(body) as { Value: string }).Value);
    etag++;
    return { status: 200, headers: { etag: `E${etag}` }, body: { ItemCount: store.size, TotalSizeInBytes: 1 } };
  });
  const s3 = fakeServer((): Answer => ({ status: 200, headers: { etag: '"x"' } }));
  let edge: ReturnType<typeof cloudFrontGuestEdge>;

  beforeAll(async () => {
    const kvsPort = await listen(kvs.server);
    const s3Port = await listen(s3.server);
    // The KeyValueStore endpoint carries the account id as a subdomain: resolve it to the fake.
    const kvsClient = new CloudFrontKeyValueStoreClient({ region: "us-east-1", endpoint: `http://localhost:${kvsPort}`, credentials });
    kvsClient.middlewareStack.add(
      (next) => (args) => {
        (args.request as { hostname: string }).hostname = "127.0.0.1";
        return next(args);
      },
      { step: "finalizeRequest", priority: "low" },
    );
    const s3Client = new S3Client({ region: "eu-central-1", endpoint: `http://127.0.0.1:${s3Port}`, forcePathStyle: true, credentials });
    edge = cloudFrontGuestEdge(ARN, "menus-bucket", kvsClient, s3Client);
  });
  afterAll(() => {
    kvs.server.close();
    s3.server.close();
  });

  it("writes a store's route with the store's ETag, signed with SigV4A, again after a conflict", async () => {
    conflicts = 2;
    await edge.putRoute("demo", "center", { languages: ["ru", "en"], default_language: "ru", promotions: [0, 2], reviews: true, build: "b1" });
    expect(JSON.parse(store.get("demo/center")!)).toEqual({ l: ["ru", "en"], d: "ru", p: [0, 2], b: "b1" });
    const puts = kvs.seen.filter((r) => r.method === "PUT");
    expect(puts).toHaveLength(3);
    // The KeyValueStore API takes only SigV4A signatures, for every region.
    for (const r of kvs.seen) {
      expect(r.headers.authorization).toMatch(/^AWS4-ECDSA-P256-SHA256 /);
      expect(r.headers["x-amz-region-set"]).toBe("*");
    }
    await edge.putRoute("demo", "park", { moved_to: "garden" });
    expect(JSON.parse(store.get("demo/park")!)).toEqual({ m: "garden" });
  });

  it("stores the not-found pages with their status as S3 metadata, then the build", async () => {
    expect(await edge.build()).toBeUndefined();
    await edge.putBuild("b2", { ru: "<html lang=ru>", en: "<html lang=en>" });
    expect(await edge.build()).toBe("b2");
    const puts = s3.seen.filter((r) => r.method === "PUT");
    expect(puts.map((r) => r.path.split("?")[0]).sort()).toEqual(["/menus-bucket/m/_not-found/en.html", "/menus-bucket/m/_not-found/ru.html"]);
    for (const r of puts) {
      expect(r.headers["x-amz-meta-guest-status"]).toBe("404");
      expect(r.headers["content-type"]).toBe("text/html; charset=utf-8");
    }
  });
});
