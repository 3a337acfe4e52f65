/** The contact feature's server call: a message to the service's support with its attached files. */
import { useMutation } from "@tanstack/react-query";
import { api, unwrap, type JsonBody } from "@/lib/api";
import { putPresigned, uploadType } from "@/lib/presigned-upload";

/** The message as the form gives it; the call adds the attached files. */
type ContactMessage = Omit<JsonBody<typeof api.api.contact.$post>, "attachments">;

export function useSendContactMessage() {
  return useMutation({
    // Each file goes straight to the object store through its own presigned URL; the message names them.
    mutationFn: async ({ message, files }: { message: ContactMessage; files: File[] }) => {
      const attachments = await Promise.all(
        files.map(async (file) => {
          const target = await unwrap(api.api.contact.attachments.$post({ json: { content_type: uploadType(file), size: file.size } }));
          await putPresigned(target, file);
          return { id: target.id, file_name: file.name };
        }),
      );
      return unwrap(api.api.contact.$post({ json: { ...message, attachments } }));
    },
    meta: { silentError: true },
  });
}
