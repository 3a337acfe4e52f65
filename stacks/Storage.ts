import { Duration } from "aws-cdk-lib";
import { Bucket, type StackContext } from "sst/constructs";

/**
 * Private buckets. Nothing is public: CloudFront reads `menus` and `uploads`
 * through an origin access identity (granted in Web.ts), Lambdas through IAM,
 * browsers through presigned URLs.
 *
 * Object keys equal the public URL path without the leading slash, so the
 * local runtime and CloudFront agree:
 *   uploads  media/{companyId}/...                 -> https://<site>/media/...
 *   menus    m/{storeUrlName}/{lang}.json|.html    -> https://<site>/m/...
 *   exports  exports/{companyId}/{jobId}.xlsx      (presigned download only)
 */
export function Storage({ stack }: StackContext) {
  // `blockPublicACLs: true` makes SST use BlockPublicAccess.BLOCK_ALL and
  // BucketOwnerEnforced (its default leaves ACL blocking off).
  const uploads = new Bucket(stack, "uploads", {
    blockPublicACLs: true,
    // The SPA uploads photos and logos straight to S3 with presigned PUT/POST.
    cors: [
      {
        allowedMethods: ["PUT", "POST", "GET", "HEAD"],
        allowedOrigins: ["*"],
        allowedHeaders: ["*"],
        maxAge: "1 hour",
      },
    ],
  });

  const menus = new Bucket(stack, "menus", { blockPublicACLs: true, cors: false });

  const exportsBucket = new Bucket(stack, "exports", {
    blockPublicACLs: true,
    cors: false,
    // Export files are downloaded once; the job row keeps the record.
    cdk: { bucket: { lifecycleRules: [{ expiration: Duration.days(7) }] } },
  });

  stack.addOutputs({
    UploadsBucket: uploads.bucketName,
    MenusBucket: menus.bucketName,
    ExportsBucket: exportsBucket.bucketName,
  });
  return { uploads, menus, exports: exportsBucket };
}
