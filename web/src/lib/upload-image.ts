import { MAX_IMAGE_BYTES, type MediaKind } from "@menu/core/media/variants";
import { ApiError, readStringField } from "./api-error";
import { csrfToken, resetCsrfToken } from "./csrf";

/** What POST /api/media answers. */
export type UploadedImage = { key: string; src: string; srcSet: string };

export type UploadHandle = { promise: Promise<UploadedImage>; abort: () => void };

/** A failed upload that the user cancelled (not an error to show). */
export class UploadAborted extends Error {
  override readonly name = "UploadAborted";
}

/**
 * POST /api/media as multipart/form-data with upload progress (fetch cannot report it, so
 * XMLHttpRequest). Sends the CSRF token and retries once with a fresh one, like `csrfFetch`.
 */
export function uploadImage(file: Blob, fields: { storeId: string; kind: MediaKind }, onProgress?: (fraction: number) => void): UploadHandle {
  let xhr: XMLHttpRequest | undefined;
  let aborted = false;
  const send = (token: string) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const form = new FormData();
      form.set("storeId", fields.storeId);
      form.set("kind", fields.kind);
      form.set("file", file, file instanceof File ? file.name : "image");
      xhr = new XMLHttpRequest();
      xhr.open("POST", "/api/media");
      xhr.setRequestHeader("x-csrf-token", token);
      xhr.responseType = "json";
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress?.(e.loaded / e.total);
      };
      xhr.onload = () => resolve({ status: xhr!.status, body: xhr!.response as unknown });
      xhr.onerror = () => reject(new ApiError(0, undefined, { code: "requestFailed" }));
      xhr.onabort = () => reject(new UploadAborted());
      xhr.send(form);
    });
  const promise = (async () => {
    let res = await send(await csrfToken());
    if (res.status === 403 && readStringField(res.body, "code") === "csrfInvalid" && !aborted) {
      resetCsrfToken();
      res = await send(await csrfToken());
    }
    if (res.status !== 201) throw new ApiError(res.status, readStringField(res.body, "message"), res.body);
    return res.body as UploadedImage;
  })();
  return {
    promise,
    abort: () => {
      aborted = true;
      xhr?.abort();
    },
  };
}

/** Longest side of a picture shrunk in the browser: still far above the 800 px the server keeps. */
const SHRINK_TO = 2400;

/**
 * Phone photos are often over the upload limit: a picture the browser can decode is redrawn at most
 * 2400 px wide (JPEG, or PNG for logos to keep transparency) before sending. Anything the browser
 * cannot decode goes as it is, and the server judges it.
 */
export async function fitForUpload(file: File, kind: MediaKind): Promise<Blob> {
  if (file.size <= MAX_IMAGE_BYTES || typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  const scale = Math.min(1, SHRINK_TO / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const type = kind === "logo" ? "image/png" : "image/jpeg";
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
  return blob && blob.size < file.size ? blob : file;
}
