/**
 * Photo, banner and logo uploads (issue 4, part 4; presigned since issue 17). The browser PUTs the
 * file straight to the object store (S3 presigned PUT in the cloud, the local runtime's signed link
 * locally) under a staging key of the store, then asks the server to finish: the server trusts
 * neither the file name nor the declared type: the bytes must start like one of the accepted
 * formats and decode with sharp (render/image.ts). Every upload is re-encoded (turned upright by
 * its EXIF orientation, metadata stripped, WebP) into the sizes of its kind and stored under a
 * server-generated name in the store's media folder; the staged file is deleted either way. Keys
 * are never rewritten, so they are served with immutable cache headers.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { usePorts } from "../ports";
import { openImage, probeImage, webpOf, type ImageFormat, type OpenImage } from "../render/image";
import { UserError } from "../shared/errors";
import { assertSignedIn } from "../shared/policy";
import { storeCommand } from "../command/store-command";
import { isMediaKeyOf, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MEDIA_KINDS, MEDIA_SIZES, mediaSrcSet, variantKey, IMMUTABLE, type MediaKind } from "./variants";


/** What the upload call answers: the key to store on the item, promotion or store, and how to show it. */
export const UploadedImage = z.object({ key: z.string(), src: z.string(), srcSet: z.string() });
export type UploadedImage = z.infer<typeof UploadedImage>;

/** How long a browser has to send the file once it has its upload URL. */
export const UPLOAD_URL_SECONDS = 10 * 60;

export const ImageUploadRequest = z.object({
  store_id: z.string().min(1).max(64),
  /** The file's type as the browser names it (signed into the URL; the bytes are judged later). */
  content_type: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/).max(100),
  /** Its size in bytes (signed into the URL: the store takes exactly this many). */
  size: z.number().int().min(0),
});

/** Where to PUT the file, and the id to finish the upload with. */
export const ImageUploadTicket = z.object({ upload_id: z.string(), url: z.string(), headers: z.record(z.string(), z.string()) });

export const FinishImageUpload = z.object({
  store_id: z.string().min(1).max(64),
  kind: z.enum(MEDIA_KINDS),
  upload_id: z.string().uuid(),
});

/** The staging key of an upload: in the store's folder, never served (CloudFront serves media/* only). */
const stagedKey = (store: { company_id: string; store_id: string }, upload_id: string) => `uploads/${store.company_id}/${store.store_id}/${upload_id}`;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The format the first bytes announce (magic numbers), before any decoder sees the file. */
export function sniffImage(bytes: Uint8Array): ImageFormat | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  // ISO-BMFF: `ftyp` box with an AVIF brand (HEIC/HEVC is not decodable by the bundled libvips).
  if (ascii(bytes, 4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(bytes, 8, 12))) return "avif";
  return undefined;
}

/** Decodes the single image (first frame of an animation) or refuses it with the specification's messages. */
async function decode(bytes: Uint8Array) {
  if (bytes.byteLength === 0) throw new UserError("imageRequired", 400);
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new UserError("imageTooLarge", 413);
  const format = sniffImage(bytes);
  if (!format) throw new UserError("imageUnsupported", 415);
  const header = await probeImage(bytes, format).catch(() => {
    throw new UserError("imageUnsupported", 415);
  });
  if (!header.isFormat) throw new UserError("imageUnsupported", 415);
  if (header.pixels > MAX_IMAGE_PIXELS) throw new UserError("imageTooManyPixels", 413);
  return openImage(bytes, MAX_IMAGE_PIXELS);
}

/** One stored size of the picture. */
async function encode(image: OpenImage, width: number, kind: MediaKind) {
  try {
    return await webpOf(image, width, { sharp: kind === "logo" });
  } catch {
    // Truncated or corrupt data that only shows when the pixels are read.
    throw new UserError("imageUnsupported", 415);
  }
}

/**
 * POST /api/media/uploads: a URL to PUT one image to. Staff of the store only (others get "Store not
 * found"); an empty or oversized file is refused before anything is sent.
 */
export const requestImageUpload = storeCommand(ImageUploadRequest, {}, async ({ store }, { content_type, size }) => {
  assertSignedIn();
  if (size === 0) throw new UserError("imageRequired", 400);
  if (size > MAX_IMAGE_BYTES) throw new UserError("imageTooLarge", 413);
  const upload_id = randomUUID();
  const put = await usePorts().objects.presignPut(stagedKey(store, upload_id), { expiresInSeconds: UPLOAD_URL_SECONDS, contentType: content_type, size });
  return { upload_id, ...put };
});

/**
 * POST /api/media/uploads/{uploadId}/complete: reads the staged file, judges and re-encodes it, and
 * answers the new picture's key. Replaced pictures are not deleted: a duplicated item shares its
 * photo key, and published pages and caches may still show the old one (docs/decisions.md).
 */
export const finishImageUpload = storeCommand(FinishImageUpload, {}, async ({ store }, { kind, upload_id }): Promise<UploadedImage> => {
  assertSignedIn();
  const objects = usePorts().objects;
  const staged = stagedKey(store, upload_id);
  const file = await objects.get(staged);
  if (!file) throw new UserError("imageRequired", 400);
  try {
    const image = await decode(file.body);
    const sizes = MEDIA_SIZES[kind];
    const [full, ...variants] = await Promise.all([sizes.full, ...sizes.variants].map((width) => encode(image, width, kind)));
    const key = `media/${store.company_id}/${store.store_id}/${kind}-${randomUUID()}.webp`;
    // Variants first: once the main key exists, every size it implies exists too.
    await Promise.all(sizes.variants.map((width, i) => objects.put(variantKey(key, width), variants[i]!, "image/webp", { cacheControl: IMMUTABLE })));
    await objects.put(key, full!, "image/webp", { cacheControl: IMMUTABLE });
    return { key, src: `/${key}`, srcSet: mediaSrcSet(key, kind) };
  } finally {
    // Accepted or refused, the staged file has served its purpose.
    await objects.delete(staged);
  }
});

/**
 * For the item, promotion and store-settings use-cases: a picture key they are asked to save must
 * be one this store uploaded (and still exists), so a record cannot point at another tenant's files
 * or at anything else in the object store. Answers "Value is incorrect" otherwise.
 */
export async function assertStoreMedia(key: string, store: { company_id: string; store_id: string }) {
  if (!isMediaKeyOf(key, store) || !(await usePorts().objects.get(key))) {
    throw new UserError("valueIncorrect", 400, { field: "image" });
  }
}
