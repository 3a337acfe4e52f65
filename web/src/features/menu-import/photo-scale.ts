/**
 * A phone's photo of a menu (3–8 MB, 4000 px and more) made small enough to send: scaled in the
 * browser to at most LONG_SIDE px on its long side and saved as JPEG, smaller still until it fits
 * MENU_DOCUMENT_MAX. Text stays readable for the OCR at that size; the server reads no more anyway.
 */
import { MENU_DOCUMENT_MAX } from "@menu/core/import/reading/limits";

const LONG_SIDE = 2500;
/** Below this the text of a whole page gets too small to read: the photo is refused instead. */
const LONG_SIDE_MIN = 1000;
const QUALITY = 0.85;

export const isPhotoName = (name: string) => /\.(jpe?g|png|webp|heic|heif)$/i.test(name);

const jpeg = (canvas: HTMLCanvasElement) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", QUALITY));

/**
 * The photo as it can be sent: itself when small enough, else a scaled JPEG; undefined when it is
 * too large and the browser cannot decode it (a HEIC outside Safari) or it does not fit even scaled.
 */
export async function sendablePhoto(file: File): Promise<File | undefined> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file.size <= MENU_DOCUMENT_MAX ? file : undefined;
  }
  try {
    const long = Math.max(bitmap.width, bitmap.height);
    if (file.size <= MENU_DOCUMENT_MAX && long <= LONG_SIDE) return file;
    for (let side = Math.min(long, LONG_SIDE); side >= LONG_SIDE_MIN; side = Math.round(side * 0.8)) {
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.round((bitmap.width * side) / long));
      canvas.height = Math.max(1, Math.round((bitmap.height * side) / long));
      const context = canvas.getContext("2d");
      if (!context) return undefined;
      // A PNG's transparent parts turn white, not black, in a JPEG.
      context.fillStyle = "#fff";
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await jpeg(canvas);
      if (blob && blob.size <= MENU_DOCUMENT_MAX) return new File([blob], `${file.name.replace(/\.[^.]*$/, "")}.jpg`, { type: "image/jpeg" });
    }
    return undefined;
  } finally {
    bitmap.close();
  }
}
