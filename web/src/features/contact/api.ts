/** The contact feature's server call: a message to the service's support with its attached files. */
import type { ContactForm } from "@menu/core/contact/schemas";
import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "@/lib/api";
import { putPresigned, uploadType } from "@/lib/presigned-upload";

export function useSendContactMessage() {
  return useMutation({
    // Each file goes straight to the object store through its own presigned URL; the message names them.
    mutationFn: async ({ message, files }: { message: ContactForm; files: File[] }) => {
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
