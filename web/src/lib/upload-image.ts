import { imageLimitProblem, MAX_IMAGE_BYTES, type MediaKind } from "@menu/core/media/variants";
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

/** Width and height of a picture the browser can read (its header only, no pixels decoded), else undefined. */
export function imageDimensions(file: Blob): Promise<{ width: number; height: number } | undefined> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const done = (size: { width: number; height: number } | undefined) => {
      URL.revokeObjectURL(url);
      resolve(size);
    };
    image.onload = () => done(image.naturalWidth && image.naturalHeight ? { width: image.naturalWidth, height: image.naturalHeight } : undefined);
    image.onerror = () => done(undefined);
    image.src = url;
  });
}

/** Why a picture is not sent: too many bytes even after shrinking, or too many pixels. */
export type UploadProblem = { code: "imageTooLarge"; bytes: number } | { code: "imageTooManyPixels"; width: number; height: number };

/**
 * The server's limits, checked before anything is sent (core `imageLimitProblem`): a picture of
 * more than 50 megapixels is refused at once (the browser would have to unpack it to shrink it,
 * and the server refuses it anyway); a larger file the browser can read is shrunk first
 * (`fitForUpload`); what is still over 4 MB is refused with its size. A file the browser cannot
 * read goes to the server when it is small enough, which judges its format.
 */
export async function prepareUpload(file: File, kind: MediaKind): Promise<{ blob: Blob } | { problem: UploadProblem }> {
  const size = await imageDimensions(file);
  if (size && imageLimitProblem({ bytes: 0, ...size }) === "imageTooManyPixels") return { problem: { code: "imageTooManyPixels", ...size } };
  const blob = size ? await fitForUpload(file, kind) : file;
  if (imageLimitProblem({ bytes: blob.size })) return { problem: { code: "imageTooLarge", bytes: file.size } };
  return { blob };
}
