/**
 * The S3 adapter's presigned URLs are signed locally (no S3 here): valid SigV4 query-signed URLs
 * for the bucket and key, their signatures recomputed from the URL itself with AWS's algorithm.
 */
import { createHash, createHmac } from "node:crypto";
import { S3Client } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import { s3ObjectStore } from "@menu/core/adapters/s3-object-store";

const credentials = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" };
const client = new S3Client({ region: "eu-central-1", credentials });
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();

/** The signature SigV4 gives this URL (canonical request → string to sign → derived key), per AWS's documentation. */
function expectedSignature(method: "GET" | "PUT", url: URL, headers: Record<string, string> = {}) {
  const q = new URLSearchParams(url.search);
  q.delete("X-Amz-Signature");
  const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const query = [...q]
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .sort()
    .join("&");
  const signedHeaders = q.get("X-Amz-SignedHeaders")!;
  const canonicalHeaders = signedHeaders
    .split(";")
    .map((name) => `${name}:${name === "host" ? url.host : headers[name]}\n`)
    .join("");
  const canonical = [method, url.pathname, query, canonicalHeaders, signedHeaders, "UNSIGNED-PAYLOAD"].join("\n");
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
    expect(q.get("X-Amz-SignedHeaders")).toBe("host");
    expect(q.get("X-Amz-Signature")).toBe(expectedSignature("GET", url));
  });
});

describe("S3 presigned upload URL", () => {
  it("is a SigV4 query-signed PUT of the bucket's key that also signs the file's type and exact length", async () => {
    const store = s3ObjectStore("menu-uploads-bucket", client);
    const put = await store.presignPut("uploads/c1/s1/u1", { expiresInSeconds: 600, contentType: "image/png", size: 12345 });
    expect(put.headers).toEqual({ "content-type": "image/png" });
    const url = new URL(put.url);
    expect(url.host).toBe("menu-uploads-bucket.s3.eu-central-1.amazonaws.com");
    expect(url.pathname).toBe("/uploads/c1/s1/u1");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("600");
    // The browser must send exactly these: another type or length no longer matches the signature.
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;content-type;host");
    const headers = { "content-type": "image/png", "content-length": "12345" };
    expect(url.searchParams.get("X-Amz-Signature")).toBe(expectedSignature("PUT", url, headers));
    expect(url.searchParams.get("X-Amz-Signature")).not.toBe(expectedSignature("PUT", url, { ...headers, "content-length": "99999" }));
  });
});
