import { ApiError } from "./api-error";

/** Where the server lets the browser PUT one file itself (S3 presigned PUT, or the local runtime's signed link). */
export type PresignedPut = { url: string; headers: Record<string, string> };

/** A PUT that the user cancelled (not an error to show). */
export class UploadAborted extends Error {
  override readonly name = "UploadAborted";
}

/** A file's type as the server accepts it in an upload request (anything else goes as octet-stream). */
export const uploadType = (file: Blob) => (/^[\w.+-]+\/[\w.+-]+$/.test(file.type) ? file.type : "application/octet-stream");

/** PUTs the file to its presigned URL, with upload progress (fetch cannot report it, so XMLHttpRequest). */
export function putPresigned(target: PresignedPut, file: Blob, { signal, onProgress }: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {}) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", target.url);
    for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new ApiError(xhr.status, undefined, { code: "requestFailed" })));
    xhr.onerror = () => reject(new ApiError(0, undefined, { code: "requestFailed" }));
    xhr.onabort = () => reject(new UploadAborted());
    signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(file);
  });
}
