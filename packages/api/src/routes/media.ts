import { createRoute, z } from "@hono/zod-openapi";
import { finishImageUpload, ImageUploadRequest, ImageUploadTicket, requestImageUpload, UploadedImage } from "@menu/core/media/upload";
import { MEDIA_KINDS } from "@menu/core/media/variants";
import { errorResponse } from "../errors";
import { router } from "../router";
import { requiresSession } from "../session";
import { json, jsonBody } from "../openapi";

const session = requiresSession("store_manager");

const start = createRoute({
  method: "post",
  path: "/media/uploads",
  summary: "Start a photo, banner or logo upload: a URL (S3 presigned PUT in the cloud) to PUT exactly this many bytes of this type to",
  ...session,
  request: jsonBody(ImageUploadRequest),
  responses: {
    201: json(ImageUploadTicket, "PUT the file to `url` with `headers`, then finish the upload"),
    400: errorResponse("Image is required (an empty file)"),
    404: errorResponse("Store not found"),
    413: errorResponse("The image is too large. Maximum size: 4 MB"),
  },
});

const finish = createRoute({
  method: "post",
  path: "/media/uploads/{uploadId}/complete",
  summary: "Finish an upload: the file is checked by content, re-encoded to WebP in responsive sizes, stored under a new key",
  ...session,
  request: {
    params: z.object({ uploadId: z.string().uuid() }),
    ...jsonBody(z.object({ store_id: z.string().min(1).max(64), kind: z.enum(MEDIA_KINDS) })),
  },
  responses: {
    201: json(UploadedImage, "Stored"),
    400: errorResponse("Image is required (nothing was uploaded)"),
    404: errorResponse("Store not found"),
    413: errorResponse("The image is too large. Maximum size: 4 MB / The image has too many pixels"),
    415: errorResponse("Unsupported file extension. Use JPEG, PNG, WebP, GIF or AVIF"),
  },
});

export const mediaRoutes = router()
  .openapi(start, async (c) => c.json(await requestImageUpload(c.req.valid("json")), 201))
  .openapi(finish, async (c) => c.json(await finishImageUpload({ ...c.req.valid("json"), upload_id: c.req.valid("param").uploadId }), 201));
