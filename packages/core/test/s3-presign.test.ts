/**
 * The S3 adapter's presigned URLs are signed locally (no S3 here): a valid SigV4 query-signed URL
 * for the bucket and key, recomputed from the URL itself with AWS's algorithm.
 */
import { createHash, createHmac } from "node:crypto";
import { S3Client } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import { s3ObjectStore } from "@menu/core/adapters/s3-object-store";

const credentials = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" };
const client = new S3Client({ region: "eu-central-1", credentials });
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();

/** The signature SigV4 gives this URL (canonical request → string to sign → derived key), per AWS's documentation. */
function expectedSignature(url: URL) {
  const q = new URLSearchParams(url.search);
  q.delete("X-Amz-Signature");
  const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const query = [...q].map(([k, v]) => [enc(k), enc(v)]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${k}=${v}`).join("&");
  const signed = q.get("X-Amz-SignedHeaders")!.split(";");
  expect(signed).toEqual(["host"]);
  const canonical = ["GET", url.pathname, query, `host:${url.host}\n`, "host", "UNSIGNED-PAYLOAD"].join("\n");
  const [, date, region, service] = q.get("X-Amz-Credential")!.split("/");
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", q.get("X-Amz-Date"), scope, createHash("sha256").update(canonical).digest("hex")].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date!), region!), service!), "aws4_request");
  return createHmac("sha256", key).update(toSign).digest("hex");
}

describe("S3 presigned download URL", () => {
  it("is a SigV4 query-signed GET of the bucket's key, expiring when asked, saving under the file name", async () => {
    const store = s3ObjectStore("menu-exports-bucket", client);
    const url = new URL(await store.presignGet("exports/c1/job-1.xlsx", { expiresInSeconds: 300, fileName: "menu-center-en.xlsx" }));
    expect(url.protocol).toBe("https:");
    expect(url.host).toBe("menu-exports-bucket.s3.eu-central-1.amazonaws.com");
    expect(url.pathname).toBe("/exports/c1/job-1.xlsx");
    const q = url.searchParams;
    expect(q.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
    expect(q.get("X-Amz-Credential")).toMatch(/^AKIDEXAMPLE\/\d{8}\/eu-central-1\/s3\/aws4_request$/);
    expect(q.get("X-Amz-Expires")).toBe("300");
    expect(q.get("response-content-disposition")).toBe('attachment; filename="menu-center-en.xlsx"');
    expect(q.get("X-Amz-Signature")).toBe(expectedSignature(url));
  });
});
