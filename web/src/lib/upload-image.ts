import { imageLimitProblem, MAX_IMAGE_BYTES, type MediaKind } from "@menu/core/media/variants";
import { api, unwrap } from "./api";
import { ApiError } from "./api-error";
import { putPresigned, UploadAborted, uploadType } from "./presigned-upload";

export { UploadAborted } from "./presigned-upload";

/** What finishing an upload answers. */
export type UploadedImage = { key: string; src: string; srcSet: string };

export type UploadHandle = { promise: Promise<UploadedImage>; abort: () => void };

/** One server call of an upload: a cancelled one ends as UploadAborted, a network failure as requestFailed. */
async function step<T>(call: Promise<T>, signal: AbortSignal): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (signal.aborted) throw new UploadAborted();
    throw error instanceof ApiError ? error : new ApiError(0, undefined, { code: "requestFailed" });
  }
}

/**
 * An upload in three steps: the server hands out a URL for exactly this file's size and type
 * (POST /api/media/uploads; S3 presigned PUT in the cloud, the local runtime's signed link
 * locally), the browser PUTs the file there itself (so no request through the API carries it), and
 * the server judges and re-encodes it (POST /api/media/uploads/{id}/complete).
 */
export function uploadImage(file: Blob, fields: { storeId: string; kind: MediaKind }, onProgress?: (fraction: number) => void): UploadHandle {
  const abort = new AbortController();
  const promise = (async () => {
    const init = { signal: abort.signal };
    const ticket = await step(unwrap(api.api.media.uploads.$post({ json: { store_id: fields.storeId, content_type: uploadType(file), size: file.size } }, { init })), abort.signal);
    await putPresigned(ticket, file, { signal: abort.signal, onProgress });
    return step(
      unwrap(api.api.media.uploads[":uploadId"].complete.$post({ param: { uploadId: ticket.upload_id }, json: { store_id: fields.storeId, kind: fields.kind } }, { init })),
      abort.signal,
    );
  })();
  return { promise, abort: () => abort.abort() };
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
