// The KeyValueStore API is signed with SigV4A: this registers the SDK's JavaScript signer for it.
import "@aws-sdk/signature-v4a";
import {
  CloudFrontKeyValueStoreClient,
  DescribeKeyValueStoreCommand,
  GetKeyCommand,
  PutKeyCommand,
} from "@aws-sdk/client-cloudfront-keyvaluestore";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import {
  EDGE_BUILD_KEY,
  edgeRouteKey,
  encodeEdgeRoute,
  NOT_FOUND_STATUS_METADATA,
  notFoundPageKey,
  type GuestEdge,
} from "../publish/guest-edge";

/**
 * The edge's data in the cloud: routing entries in the CloudFront KeyValueStore that the guest
 * pages' function reads, the not-found pages in the menus bucket (S3 metadata `guest-status: 404`,
 * which the viewer-response function turns into the status).
 */
export function cloudFrontGuestEdge(
  kvsArn: string,
  menusBucket: string,
  kvs = new CloudFrontKeyValueStoreClient({}),
  s3 = new S3Client({}),
): GuestEdge {
  /** Every write names the store's current ETag; a concurrent writer makes it stale (409): read it again. */
  async function put(key: string, value: string) {
    for (let attempt = 1; ; attempt++) {
      const { ETag } = await kvs.send(new DescribeKeyValueStoreCommand({ KvsARN: kvsArn }));
      try {
        await kvs.send(new PutKeyCommand({ KvsARN: kvsArn, Key: key, Value: value, IfMatch: ETag }));
        return;
      } catch (error) {
        if ((error as Error).name !== "ConflictException" || attempt >= 8) throw error;
        await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 100));
      }
    }
  }
  return {
    putRoute: (company, store, route) => put(edgeRouteKey(company, store), encodeEdgeRoute(route)),
    async build() {
      try {
        const { Value } = await kvs.send(new GetKeyCommand({ KvsARN: kvsArn, Key: EDGE_BUILD_KEY }));
        return Value ? (JSON.parse(Value) as string) : undefined;
      } catch (error) {
        if ((error as Error).name === "ResourceNotFoundException") return undefined;
        throw error;
      }
    },
    async putBuild(build, pages) {
      for (const [lang, html] of Object.entries(pages)) {
        await s3.send(
          new PutObjectCommand({
            Bucket: menusBucket,
            Key: notFoundPageKey(lang),
            Body: html,
            ContentType: "text/html; charset=utf-8",
            Metadata: NOT_FOUND_STATUS_METADATA,
          }),
        );
      }
      await put(EDGE_BUILD_KEY, JSON.stringify(build));
    },
  };
}
