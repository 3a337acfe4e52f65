/**
 * Rendering adapter: a HEIC photo (what iPhones take: HEIF with HEVC inside) decoded to raw RGBA,
 * which sharp's prebuilt libvips cannot do (it decodes HEIF with AV1, AVIF, only). libheif-js is
 * libheif built to WebAssembly (with libde265): no native part, so it runs on Lambda as on a
 * laptop. Its primary picture's size is read from the header first, and one of more than
 * `maxPixels` is refused before anything is decoded. photo-image.ts loads this module with
 * `import()` at the first HEIC: a cold start that reads none does not compile the wasm.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { heif_image, heif_image_handle, MainModule } from "libheif-js/libheif-wasm/libheif.js";

export type RawPhoto = { data: Buffer; width: number; height: number; channels: 4 };

/** The wasm module, compiled once per process from the `.wasm` file beside libheif-js's loader. */
let loaded: Promise<MainModule> | undefined;
const libheif = () =>
  (loaded ??= import("libheif-js/libheif-wasm/libheif.js").then(({ default: factory }) =>
    factory({ wasmBinary: readFileSync(createRequire(import.meta.url).resolve("libheif-js/libheif-wasm/libheif.wasm")) }),
  ));

/** What libheif-js's decoding answers: the picture's planes (views of the wasm memory), or an error with a code. */
type Decoded = { code?: unknown; message?: string; image: heif_image; channels: { id: unknown; width: number; height: number; stride: number; data: Uint8Array }[] };

/**
 * The primary picture as RGBA (turned as the file says). Rejects when the bytes hold no HEIF
 * picture libheif decodes, or when its header names more than `maxPixels` (nothing decoded then).
 */
export async function decodeHeic(bytes: Uint8Array, maxPixels: number): Promise<RawPhoto> {
  const heif = await libheif();
  const decoded = await withPrimary(heif, bytes, async (handle) => {
    const pixels = heif.heif_image_handle_get_width(handle) * heif.heif_image_handle_get_height(handle);
    if (pixels > maxPixels) throw new Error(`the HEIC holds ${pixels} pixels, more than ${maxPixels}`);
    const RGBA = [heif.heif_colorspace.heif_colorspace_RGB, heif.heif_chroma.heif_chroma_interleaved_RGBA] as const;
    const image = (await heif.heif_js_decode_image2(handle, ...RGBA)) as Decoded | undefined;
    if (!image || image.code !== undefined) throw new Error(`the HEIC does not decode: ${image?.message ?? "no picture"}`);
    try {
      const plane = image.channels.find((channel) => channel.id === heif.heif_channel.heif_channel_interleaved);
      // The header's size is the one decoded; a stream that says otherwise is refused all the same.
      if (!plane || plane.width * plane.height > maxPixels) throw new Error("the HEIC decoded to no picture within the bound");
      // Rows `stride` apart in the wasm memory: copied out one by one before the picture is released.
      const row = plane.width * 4;
      const data = Buffer.allocUnsafe(row * plane.height);
      for (let y = 0; y < plane.height; y++) data.set(plane.data.subarray(y * plane.stride, y * plane.stride + row), y * row);
      return { data, width: plane.width, height: plane.height, channels: 4 as const };
    } finally {
      heif.heif_image_release(image.image);
    }
  });
  if (!decoded) throw new Error("the bytes hold no HEIF picture");
  return decoded;
}

/** `use` of the file's primary picture (undefined when the bytes hold none), the file and the picture's handle freed after. */
async function withPrimary<T>(heif: MainModule, bytes: Uint8Array, use: (handle: heif_image_handle) => T | Promise<T>): Promise<T | undefined> {
  const context = heif.heif_context_alloc();
  try {
    if (heif.heif_context_read_from_memory(context, bytes).code !== heif.heif_error_code.heif_error_Ok) return undefined;
    // A handle, or an error (with a code) when the file names no primary picture.
    const handle = heif.heif_js_context_get_primary_image_handle(context) as (heif_image_handle & { code?: unknown }) | undefined;
    if (!handle || handle.code !== undefined) return undefined;
    try {
      return await use(handle);
    } finally {
      heif.heif_image_handle_release(handle);
    }
  } finally {
    heif.heif_context_free(context);
  }
}
