/**
 * Image uploads (issue 4, part 4; presigned since issue 17): the browser PUTs the file to a signed
 * URL (the local runtime's /files/* link here, S3 in the cloud), then the server judges the bytes,
 * re-encodes them to WebP in the sizes of their kind without metadata and stores them under new
 * keys in the store's media folder; the specification's image messages; staff of the store only.
 */
import { tmpdir } from "node:os";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { clock, usePorts } from "@menu/core";
import { assertStoreMedia, UPLOAD_URL_SECONDS } from "@menu/core/media/upload";
import { imageLimitProblem, MAX_IMAGE_BYTES, variantKey } from "@menu/core/media/variants";
import { createLocalApp } from "@menu/local/server";
import { browser, captureMail } from "./support/browser-client";
import { signedInTenants, signingIn, type Client, type Tenant } from "./support/session";

// The local runtime's app: the API and the /files/* links that presigned uploads PUT to.
const app = createLocalApp({ webDist: tmpdir() });
captureMail();
type Uploaded = { key: string; src: string; srcSet: string };
let t: Tenant;
let other: Tenant;
let manager: Client;
let owner: Client;
let stranger: Client;
let otherStoreManager: Client;
let admin: Client;

const signedIn = signingIn(app);

beforeAll(async () => {
  ({ t, other, owner, manager, stranger, admin } = await signedInTenants(app, "media", "mediaother"));
  otherStoreManager = await signedIn(other.manager.email);
});

// ---------------------------------------------------------------------------------------------
// Real pictures made with sharp

/** A 1200×900 picture with a gradient, EXIF (camera, GPS-like comment, orientation) and an ICC profile. */
const picture = (format: "png" | "jpeg" | "webp" | "gif" | "avif", opts: { width?: number; height?: number; orientation?: number } = {}) => {
  const width = opts.width ?? 1200;
  const height = opts.height ?? 900;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#c33"/><stop offset="1" stop-color="#36c"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><rect x="0" y="0" width="${width / 4}" height="${height / 4}" fill="#0f0"/></svg>`;
  const img = sharp(Buffer.from(svg)).withMetadata({
    orientation: opts.orientation,
    exif: { IFD0: { Make: "SecretCam", Model: "X1", ImageDescription: "Home address 12" } },
  });
  const encoded = format === "jpeg" ? img.jpeg() : format === "png" ? img.png() : format === "webp" ? img.webp() : format === "gif" ? img.gif() : img.avif();
  return encoded.toBuffer();
};

type Part = { body: Uint8Array; type?: string };
type Ticket = { upload_id: string; url: string; headers: Record<string, string> };

const send = async (client: Client, path: string, body: unknown) =>
  client.request(path, { method: "POST", headers: { "content-type": "application/json", "x-csrf-token": await client.csrfToken() }, body: JSON.stringify(body) });
const startUpload = (client: Client, part: Part, storeId = t.store_id) =>
  send(client, "/api/media/uploads", { store_id: storeId, content_type: part.type || "application/octet-stream", size: part.body.byteLength });
const putFile = (client: Client, ticket: Ticket, body: Uint8Array) =>
  client.request(ticket.url, { method: "PUT", headers: { ...ticket.headers, "content-length": String(body.byteLength) }, body });
const finishUpload = (client: Client, uploadId: string, fields: { storeId?: string; kind?: string } = {}) =>
  send(client, `/api/media/uploads/${uploadId}/complete`, { store_id: fields.storeId ?? t.store_id, kind: fields.kind ?? "photo" });
const stagedKey = (uploadId: string, s: Tenant = t) => `uploads/${s.company_id}/${s.store_id}/${uploadId}`;

/** The browser's three steps: ask for an upload URL, PUT the file there, finish. Answers the first refusal or the finished upload. */
async function upload(client: Client, part: Part, fields: { storeId?: string; kind?: string } = {}) {
  const start = await startUpload(client, part, fields.storeId);
  if (start.status !== 201) return start;
  const ticket = (await start.json()) as Ticket;
  expect((await putFile(client, ticket, part.body)).status).toBe(200);
  return finishUpload(client, ticket.upload_id, fields);
}

const stored = async (key: string) => {
  const object = await usePorts().objects.get(key);
  expect(object, key).toBeDefined();
  return object!;
};

describe("image uploads store re-encoded WebP", () => {
  it.each(["png", "jpeg", "webp", "avif"] as const)("accepts a %s: WebP 800 px + 320 px thumbnail, no metadata", async (format) => {
    const res = await upload(manager, { body: await picture(format), type: `image/${format}` });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = (await res.json()) as Uploaded;
    expect(body.key).toMatch(new RegExp(`^media/${t.company_id}/${t.store_id}/photo-[0-9a-f-]{36}\\.webp$`));
    expect(body.key).not.toContain("dish");
    expect(body.src).toBe(`/${body.key}`);
    expect(body.srcSet).toBe(`/${variantKey(body.key, 320)} 320w, /${body.key} 800w`);

    for (const [key, width, height] of [
      [body.key, 800, 600],
      [variantKey(body.key, 320), 320, 240],
    ] as const) {
      const object = await stored(key);
      expect(object.contentType).toBe("image/webp");
      const meta = await sharp(object.body).metadata();
      expect(meta).toMatchObject({ format: "webp", width, height });
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(Buffer.from(object.body).includes("SecretCam")).toBe(false);
    }
  });

  it("takes the first frame of an animated GIF", async () => {
    const frame = (background: string) => sharp({ create: { width: 400, height: 300, channels: 3, background } }).png().toBuffer();
    const gif = await sharp([await frame("#ff0000"), await frame("#0000ff")], { join: { animated: true } }).gif().toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const res = await upload(manager, { body: gif, type: "image/gif" });
    expect(res.status).toBe(201);
    const webp = (await stored(((await res.json()) as Uploaded).key)).body;
    const meta = await sharp(webp).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 400, height: 300 });
    expect(meta.pages ?? 1).toBe(1);
    const [r, g, b] = await sharp(webp).extract({ left: 200, top: 150, width: 1, height: 1 }).raw().toBuffer();
    expect(r).toBeGreaterThan(200);
    expect(b).toBeLessThan(50);
    expect(g).toBeLessThan(50);
  });

  it("turns the picture upright by its EXIF orientation", async () => {
    // Orientation 6: the camera was turned; the stored picture must be portrait (900 wide, 1200 high → 800×1067).
    const res = await upload(manager, { body: await picture("jpeg", { orientation: 6 }), type: "image/jpeg" });
    expect(res.status).toBe(201);
    const { key } = (await res.json()) as Uploaded;
    const meta = await sharp((await stored(key)).body).metadata();
    expect(meta).toMatchObject({ width: 800, height: 1067 });
    expect(meta.orientation).toBeUndefined();
  });

  it("does not enlarge small pictures", async () => {
    const res = await upload(manager, { body: await picture("png", { width: 200, height: 100 }) });
    const { key } = (await res.json()) as Uploaded;
    expect(await sharp((await stored(key)).body).metadata()).toMatchObject({ width: 200, height: 100 });
    expect(await sharp((await stored(variantKey(key, 320))).body).metadata()).toMatchObject({ width: 200, height: 100 });
  });

  it("keeps a logo's transparency, one size at most 512 px wide", async () => {
    const logo = await sharp({ create: { width: 1000, height: 400, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><circle cx="200" cy="200" r="180" fill="#d40"/></svg>'), left: 0, top: 0 }])
      .png()
      .toBuffer();
    const res = await upload(owner, { body: logo, type: "image/png" }, { kind: "logo" });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Uploaded;
    expect(body.key).toMatch(/\/logo-[0-9a-f-]{36}\.webp$/);
    expect(body.srcSet).toBe("");
    const object = await stored(body.key);
    const meta = await sharp(object.body).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 512, height: 205, hasAlpha: true });
    // The right part of the logo was transparent and still is.
    const corner = await sharp(object.body).extract({ left: 500, top: 0, width: 1, height: 1 }).ensureAlpha().raw().toBuffer();
    expect(corner[3]).toBe(0);
    expect(await usePorts().objects.get(variantKey(body.key, 320))).toBeUndefined();
  });

  it("stores banners like photos", async () => {
    const res = await upload(manager, { body: await picture("jpeg", { width: 1600, height: 800 }) }, { kind: "banner" });
    expect(res.status).toBe(201);
    const { key } = (await res.json()) as Uploaded;
    expect(key).toMatch(/\/banner-[0-9a-f-]{36}\.webp$/);
    expect(await sharp((await stored(key)).body).metadata()).toMatchObject({ width: 800, height: 400 });
    expect(await sharp((await stored(variantKey(key, 320))).body).metadata()).toMatchObject({ width: 320, height: 160 });
  });

  it("gives every upload a new key, even of the same file", async () => {
    const png = await picture("png", { width: 100, height: 100 });
    const a = (await (await upload(manager, { body: png })).json()) as Uploaded;
    const b = (await (await upload(manager, { body: png })).json()) as Uploaded;
    expect(a.key).not.toBe(b.key);
  });
});

describe("image uploads judge the bytes, not the declared type", () => {
  it("accepts a PNG declared as text/plain", async () => {
    const res = await upload(manager, { body: await picture("png", { width: 300, height: 200 }), type: "text/plain" });
    expect(res.status).toBe(201);
    expect(await sharp((await stored(((await res.json()) as Uploaded).key)).body).metadata()).toMatchObject({ format: "webp", width: 300 });
  });

  it.each([
    ["a text file named .png", Buffer.from("hello, I am not a picture at all, just some words"), "notes.png", "image/png"],
    ["an SVG (scripts, external references)", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), "x.svg", "image/svg+xml"],
    ["an HTML page named .jpg", Buffer.from("<!doctype html><script>alert(1)</script>"), "x.jpg", "image/jpeg"],
  ])("refuses %s as unsupported", async (_, body, _name, type) => {
    const res = await upload(manager, { body, type });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ code: "imageUnsupported", message: "Unsupported file extension. Use JPEG, PNG, WebP, GIF or AVIF" });
  });

  it("refuses a TIFF and a truncated JPEG as unsupported", async () => {
    const tiff = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } }).tiff().toBuffer();
    const jpeg = await picture("jpeg");
    for (const body of [tiff, jpeg.subarray(0, 600)]) {
      const res = await upload(manager, { body, type: "image/jpeg" });
      expect(res.status).toBe(415);
      expect(((await res.json()) as { code: string }).code).toBe("imageUnsupported");
    }
  });
});

describe("image upload messages (SPEC section 5)", () => {
  it("refuses an empty file when asked for a URL, and finishing an upload nothing was sent to, as required", async () => {
    const empty = await startUpload(manager, { body: new Uint8Array(0), type: "image/png" });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ code: "imageRequired", message: "Image is required" });
    const ticket = (await (await startUpload(manager, { body: new Uint8Array(100), type: "image/png" })).json()) as Ticket;
    const res = await finishUpload(manager, ticket.upload_id);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: "imageRequired", message: "Image is required" });
  });

  it("refuses a file over 4 MB with the maximum-size message before anything is sent", async () => {
    for (const size of [MAX_IMAGE_BYTES + 1, MAX_IMAGE_BYTES * 2]) {
      const res = await startUpload(manager, { body: new Uint8Array(size), type: "image/png" });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ code: "imageTooLarge", message: "The image is too large. Maximum size: 4 MB" });
    }
  });

  it("takes exactly the signed size and type: a larger file or another type is refused and nothing is stored", async () => {
    const png = await picture("png", { width: 50, height: 50 });
    const ticket = (await (await startUpload(manager, { body: png, type: "image/png" })).json()) as Ticket;
    const big = Buffer.alloc(MAX_IMAGE_BYTES * 2);
    png.copy(big);
    expect((await putFile(manager, ticket, big)).status).toBe(403);
    expect((await manager.request(ticket.url, { method: "PUT", headers: { "content-type": "text/html", "content-length": String(png.byteLength) }, body: png })).status).toBe(403);
    expect(await usePorts().objects.get(stagedKey(ticket.upload_id))).toBeUndefined();
    expect((await finishUpload(manager, ticket.upload_id)).status).toBe(400);
  });

  it("judges the file when the upload is finished: an invalid one is refused and the staged file deleted", async () => {
    const bytes = Buffer.from("<!doctype html><script>alert(1)</script>");
    const ticket = (await (await startUpload(manager, { body: bytes, type: "image/jpeg" })).json()) as Ticket;
    expect((await putFile(manager, ticket, bytes)).status).toBe(200);
    expect(await usePorts().objects.get(stagedKey(ticket.upload_id))).toBeDefined();
    const res = await finishUpload(manager, ticket.upload_id);
    expect(res.status).toBe(415);
    expect(await usePorts().objects.get(stagedKey(ticket.upload_id))).toBeUndefined();
    // Finishing it again finds nothing.
    expect((await finishUpload(manager, ticket.upload_id)).status).toBe(400);
  });

  it("refuses an upload URL once it has expired", async () => {
    const png = await picture("png", { width: 20, height: 20 });
    const ticket = (await (await startUpload(manager, { body: png, type: "image/png" })).json()) as Ticket;
    clock.advance((UPLOAD_URL_SECONDS + 1) * 1000);
    try {
      expect((await putFile(manager, ticket, png)).status).toBe(403);
    } finally {
      clock.reset();
    }
  });

  it("refuses a small file that decodes into a huge bitmap with its own message (too many pixels, not the file size)", async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: "#fff" } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(MAX_IMAGE_BYTES);
    const res = await upload(manager, { body: bomb, type: "image/png" });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: "imageTooManyPixels", message: "The image has too many pixels. Maximum: 50 megapixels" });
  });

  it("answers the same limits the browser checks before uploading (imageLimitProblem)", async () => {
    expect(imageLimitProblem({ bytes: MAX_IMAGE_BYTES })).toBeNull();
    expect(imageLimitProblem({ bytes: MAX_IMAGE_BYTES + 1 })).toBe("imageTooLarge");
    expect(imageLimitProblem({ bytes: 450_000, width: 12_000, height: 12_000 })).toBe("imageTooManyPixels");
    expect(imageLimitProblem({ bytes: 450_000, width: 10_000, height: 5_000 })).toBeNull();
  });

  it("refuses an unknown kind or a missing store id as incorrect", async () => {
    const png = await picture("png", { width: 50, height: 50 });
    expect((await upload(manager, { body: png }, { kind: "avatar" })).status).toBe(400);
    expect((await send(manager, "/api/media/uploads", { content_type: "image/png", size: png.byteLength })).status).toBe(400);
  });
});

describe("image upload access", () => {
  it("lets the store's staff and the operator upload; everyone else gets Store not found or 401", async () => {
    const png = await picture("png", { width: 60, height: 40 });
    for (const who of [manager, owner, admin]) expect((await upload(who, { body: png })).status).toBe(201);
    for (const who of [stranger, otherStoreManager]) {
      const res = await upload(who, { body: png });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: "storeNotFound", message: "Store not found" });
    }
    const anonymous = browser(app);
    expect((await startUpload(anonymous, { body: png })).status).toBe(401);
    // Another store's staff cannot finish this store's upload, nor reach it through their own store.
    const ticket = (await (await startUpload(manager, { body: png })).json()) as Ticket;
    expect((await putFile(manager, ticket, png)).status).toBe(200);
    expect((await finishUpload(otherStoreManager, ticket.upload_id)).status).toBe(404);
    expect((await finishUpload(otherStoreManager, ticket.upload_id, { storeId: other.store_id })).status).toBe(400);
    expect((await finishUpload(manager, ticket.upload_id)).status).toBe(201);
  });

  it("refuses starting or finishing an upload without the CSRF token", async () => {
    const json = { "content-type": "application/json" };
    const start = await manager.request("/api/media/uploads", { method: "POST", headers: json, body: JSON.stringify({ store_id: t.store_id, content_type: "image/png", size: 10 }) });
    expect(start.status).toBe(403);
    const ticket = (await (await startUpload(manager, { body: new Uint8Array(10) })).json()) as Ticket;
    const finish = await manager.request(`/api/media/uploads/${ticket.upload_id}/complete`, { method: "POST", headers: json, body: JSON.stringify({ store_id: t.store_id, kind: "photo" }) });
    expect(finish.status).toBe(403);
  });

  it("assertStoreMedia accepts the store's own existing keys only", async () => {
    const { key } = (await (await upload(manager, { body: await picture("png", { width: 20, height: 20 }) })).json()) as Uploaded;
    await expect(assertStoreMedia(key, t)).resolves.toBeUndefined();
    await expect(assertStoreMedia(key, other)).rejects.toMatchObject({ code: "valueIncorrect" });
    // A key of the store's form that was never stored (its first random character changed).
    const missing = key.replace(/photo-([0-9a-f])/, (_, c: string) => `photo-${c === "0" ? "1" : "0"}`);
    expect(missing).not.toBe(key);
    await expect(assertStoreMedia(missing, t)).rejects.toMatchObject({ code: "valueIncorrect" });
    await expect(assertStoreMedia("m/demo/ru.json", t)).rejects.toMatchObject({ code: "valueIncorrect" });
  });
});

describe("serving /media/*", () => {
  it("answers stored pictures with immutable cache headers and ETag revalidation (local runtime)", async () => {
    const { key } = (await (await upload(manager, { body: await picture("png", { width: 40, height: 40 }) })).json()) as Uploaded;
    const local = createLocalApp({ webDist: tmpdir() });
    const res = await local.request(`/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const again = await local.request(`/${key}`, { headers: { "if-none-match": res.headers.get("etag")! } });
    expect(again.status).toBe(304);
    expect((await local.request(`/${variantKey(key, 320)}`)).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});
