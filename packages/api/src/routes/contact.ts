import { createRoute, z } from "@hono/zod-openapi";
import { AttachmentUpload, ContactMessage, requestAttachmentUpload, sendContactMessage } from "@menu/core/contact/contact";
import { errorResponse } from "../errors";
import { router } from "../router";
import { requestContext } from "../session";
import { json, jsonBody } from "../openapi";


const upload = createRoute({
  method: "post",
  path: "/contact/attachments",
  summary: "Start uploading a contact-form attachment: a URL (S3 presigned PUT in the cloud) to PUT exactly this many bytes of this type to (at most 5 MB; rate-limited)",
  security: [],
  request: jsonBody(AttachmentUpload),
  responses: {
    201: json(z.object({ id: z.string(), url: z.string(), headers: z.record(z.string(), z.string()) }), "PUT the file to `url` with `headers`, then name `id` in the message"),
    400: errorResponse("A file can be at most 5 MB"),
    429: errorResponse("Too many attempts. Please try again later"),
  },
});

const send = createRoute({
  method: "post",
  path: "/contact",
  summary: "Send the contact form to the service's support address, with at most 3 uploaded attachments of 5 MB each (rate-limited)",
  security: [],
  request: jsonBody(ContactMessage),
  responses: {
    200: json(z.object({ sent: z.literal(true) }), "Sent"),
    400: errorResponse("This is an invalid email address; At most 3 files can be attached; A file can be at most 5 MB; Value is incorrect (an attachment that was not uploaded)"),
    429: errorResponse("Too many attempts. Please try again later"),
    503: errorResponse("The message could not be delivered"),
  },
});

export const contactRoutes = router()
  .openapi(upload, async (c) => c.json(await requestAttachmentUpload(c.req.valid("json"), requestContext(c)), 201))
  .openapi(send, async (c) => c.json(await sendContactMessage(c.req.valid("json"), requestContext(c)), 200));
