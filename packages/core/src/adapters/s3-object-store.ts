import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { ObjectStore } from "../ports/object-store";

/** The object store on S3 (the cloud deployment). */
export function s3ObjectStore(bucket: string, client = new S3Client({})): ObjectStore {
  return {
    async put(key, body, contentType, options) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, CacheControl: options?.cacheControl }),
      );
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return {
          body: await res.Body!.transformToByteArray(),
          contentType: res.ContentType ?? "application/octet-stream",
          etag: res.ETag ?? "",
        };
      } catch (error) {
        if ((error as Error).name === "NoSuchKey") return undefined;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    // Signed locally (SigV4 query parameters), no call to S3; the file name rides in the response headers S3 sets.
    presignGet: (key, { expiresInSeconds, fileName }) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: `attachment; filename="${fileName}"` }), {
        expiresIn: expiresInSeconds,
      }),
    // Type and length are signed (`signableHeaders`), so S3 refuses a body of another size or type.
    presignPut: async (key, { expiresInSeconds, contentType, size }) => ({
      url: await getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType, ContentLength: size }), {
        expiresIn: expiresInSeconds,
        signableHeaders: new Set(["content-type", "content-length"]),
      }),
      headers: { "content-type": contentType },
    }),
  };
}
