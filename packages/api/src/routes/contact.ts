import { createRoute, z } from "@hono/zod-openapi";
import { sendContactMessage } from "@menu/core/contact/contact";
import { CONTACT_LIMITS } from "@menu/core/contact/schemas";
import { bodyLimit } from "hono/body-limit";
import { errorResponse } from "../errors";
import { router } from "../router";
import { requestContext, tooLarge } from "../session";

/**
 * The attachments' own body limit (the app's JSON limit skips this path): room for one file more
 * than allowed, so a fourth file still gets "At most 3 files can be attached".
 */
export const CONTACT_PATH = "/api/contact";
const CONTACT_BODY_LIMIT = (CONTACT_LIMITS.files + 1) * CONTACT_LIMITS.fileBytes + 1024 * 1024;

const FileField = z.custom<File>((v) => v instanceof File, { message: "Value is incorrect" }).openapi({ type: "string", format: "binary" });

const ContactBody = z.object({
  name: z.string().openapi({ example: "Anna" }),
  email: z.string().openapi({ example: "anna@example.com" }),
  message: z.string(),
  /** One part per file, all named `files`. */
  files: z.union([FileField, z.array(FileField)]).optional(),
});

const send = createRoute({
  method: "post",
  path: "/contact",
  summary: "Send the contact form to the service's support address, with at most 3 attachments of 5 MB each (rate-limited)",
  security: [],
  middleware: [
    bodyLimit({
      maxSize: CONTACT_BODY_LIMIT,
      onError: (c) => tooLarge(c, "payloadTooLarge"),
    }),
  ] as const,
  request: { body: { required: true, content: { "multipart/form-data": { schema: ContactBody } } } },
  responses: {
    200: { description: "Sent", content: { "application/json": { schema: z.object({ sent: z.literal(true) }) } } },
    400: errorResponse("This is an invalid email address; At most 3 files can be attached; A file can be at most 5 MB"),
    413: errorResponse("Request is too large"),
    429: errorResponse("Too many attempts. Please try again later"),
    503: errorResponse("The message could not be delivered"),
  },
});

export const contactRoutes = router().openapi(send, async (c) => {
    const { files, ...form } = c.req.valid("form");
    const list = files === undefined ? [] : Array.isArray(files) ? files : [files];
    const attachments = await Promise.all(
      list.map(async (f) => ({ filename: f.name, contentType: f.type, content: new Uint8Array(await f.arrayBuffer()) })),
    );
    return c.json(await sendContactMessage(form, attachments, requestContext(c)), 200);
  });
