import { createRoute, z } from "@hono/zod-openapi";
import { UploadedImage, uploadImage } from "@menu/core/media/upload";
import { MAX_IMAGE_BYTES, MEDIA_KINDS } from "@menu/core/media/variants";
import { bodyLimit } from "hono/body-limit";
import { errorResponse } from "../errors";
import { router } from "../router";
import { requiresSession, tooLarge } from "../session";

/** Room for the multipart boundaries and the other fields around one file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * The form as documented. Every field is optional here so the use-case answers the
 * specification's image messages (required, single image) rather than a generic "Value is incorrect".
 */
const UploadForm = z.object({
  storeId: z.string().min(1).max(64),
  kind: z.enum(MEDIA_KINDS),
  file: z.any().optional().openapi({ type: "string", format: "binary", description: "Exactly one image: JPEG, PNG, WebP, GIF (first frame) or AVIF, at most 4 MB" }),
});

const upload = createRoute({
  method: "post",
  path: "/media",
  summary: "Upload a photo, banner or logo: checked by content, re-encoded to WebP in responsive sizes, stored under a new key",
  security: requiresSession("store_manager"),
  request: { body: { required: true, content: { "multipart/form-data": { schema: UploadForm } } } },
  responses: {
    201: { description: "Stored", content: { "application/json": { schema: UploadedImage } } },
    400: errorResponse("Image is required / Only one image can be uploaded at a time"),
    404: errorResponse("Store not found"),
    413: errorResponse("The image is too large. Maximum size: 4 MB"),
    415: errorResponse("Unsupported file extension. Use JPEG, PNG, WebP, GIF or AVIF"),
  },
});


export const MEDIA_PATH = "/api/media";

export const mediaRoutes = router();
// The app-wide JSON limit skips this path (app.ts); an upload has its own, a little above the file limit.
mediaRoutes.use(
  "/media",
  bodyLimit({
    maxSize: MAX_IMAGE_BYTES + MULTIPART_OVERHEAD,
    onError: (c) => tooLarge(c, "imageTooLarge"),
  }),
);
mediaRoutes.openapi(upload, async (c) => {
  const { storeId, kind } = c.req.valid("form");
  // Every file part counts, whatever its field name (the validated form keeps one value per name).
  const parts = [...(await c.req.formData()).values()].flatMap((v) => (typeof v === "string" ? [] : [v]));
  const files = await Promise.all(parts.map(async (f) => new Uint8Array(await f.arrayBuffer())));
  return c.json(await uploadImage({ store_id: storeId, kind, files }), 201);
});
