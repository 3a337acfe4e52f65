/**
 * Photos of printed menus read on our own servers (issue 50, point 4): a few of the photo corpus
 * (ru/be/en, one and two columns; tilted, unevenly lit, blurred, JPEG) through photoLines (sharp,
 * then Tesseract with Debian's rus/bel/eng data) and the one parser, scored exactly as the bench
 * scores the whole set (`pnpm bench:menu-reading`); and the photos refused before any reading.
 * An iPhone's HEIC too: menu-corpus/photo-en-03.heic is photo-en-03's JPEG scaled to 1400 px wide
 * and encoded with libheif's heif-enc at quality 35 (`heif-enc -q 35`, Debian's libheif-examples).
 */
import { readFile } from "node:fs/promises";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fileKind } from "@menu/core/import/reading/file-kind";
import { languageOrder, photoLines } from "@menu/core/import/reading/photo-lines";
import { mendOcrText } from "@menu/core/import/reading/photo-glyphs";
import { parseMenu } from "@menu/core/import/reading/parse-menu";
import { MENU_DOCUMENT_MAX, PHOTO_PIXELS_MAX } from "@menu/core/import/reading/limits";
import { preparePhoto } from "@menu/core/render/photo-image";
import { scoreDraft } from "./menu-corpus";
import { PHOTO_CORPUS, photoOf } from "./menu-corpus/photo-menus";

/** One per language, one and two columns: the rest run in the bench (pnpm bench:menu-reading). */
const SAMPLE = ["photo-ru-02", "photo-be-02", "photo-en-03"].map((prefix) => PHOTO_CORPUS.find((p) => p.id.startsWith(prefix))!);

const refusal = (promise: Promise<unknown>) => promise.then(() => "read", (error: Error) => error.message);

describe("a photo of a printed menu", () => {
  it.each(SAMPLE.map((photo) => [photo.id, photo] as const))("%s: its prices and titles are read", async (_, photo) => {
    const bytes = await photoOf(photo);
    expect(bytes.length).toBeLessThanOrEqual(MENU_DOCUMENT_MAX);
    const progress: number[] = [];
    const { lines, pages } = await photoLines(bytes, (percent) => progress.push(percent));
    expect(pages).toBe(1);
    expect(lines.every((line) => line.confidence !== undefined && line.height > 0 && line.page === 1)).toBe(true);
    // Progress only goes up, to 100.
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const score = scoreDraft(photo.menu, parseMenu(lines, "photo", pages));
    // The goals on photos: ≥ 90 % of prices and ≥ 85 % of titles exactly right.
    expect(score.pricesRight / score.items, JSON.stringify(score)).toBeGreaterThanOrEqual(0.9);
    expect(score.titlesRight / score.items, JSON.stringify(score)).toBeGreaterThanOrEqual(0.85);
  });

  it("is refused without decoding when it has more pixels than PHOTO_PIXELS_MAX", async () => {
    // A small PNG whose header claims more pixels: refused from the header (its pixels would not decode).
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } }).png().toBuffer();
    const side = Math.ceil(Math.sqrt(PHOTO_PIXELS_MAX)) + 1;
    png.writeUInt32BE(side, 16);
    png.writeUInt32BE(side, 20);
    // The IHDR chunk's CRC covers its type and data (bytes 12–28).
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    expect((await sharp(png).metadata()).width).toBe(side);
    expect(await refusal(photoLines(png))).toBe("photoTooLarge");
  });

  it("is refused when it is no picture the reader decodes", async () => {
    expect(await refusal(photoLines(new TextEncoder().encode("Борщ .... 12,50")))).toBe("unknownFileKind");
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#a33" } }).gif().toBuffer();
    expect(await refusal(photoLines(gif))).toBe("unknownFileKind");
    // A JPEG cut short after its header: the header reads, the pixels do not.
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#eee" } }).jpeg().toBuffer();
    expect(await refusal(photoLines(jpeg.subarray(0, 400)))).toBe("unknownFileKind");
  });
});

describe("an iPhone's HEIC photo (HEIF with HEVC, which sharp's prebuilt build does not decode)", () => {
  const heic = () => readFile(new URL("./menu-corpus/photo-en-03.heic", import.meta.url)).then((buffer) => new Uint8Array(buffer));
  const photo = PHOTO_CORPUS.find((p) => p.id.startsWith("photo-en-03"))!;

  it("is a photo by its bytes, whatever its name", async () => {
    const bytes = await heic();
    expect(fileKind("IMG_0001.HEIC", bytes)).toBe("photo");
    expect(fileKind("menu.jpg", bytes)).toBe("photo");
  });

  it("is read as its JPEG is: the same menu's prices and titles", async () => {
    const bytes = await heic();
    expect(bytes.length).toBeLessThanOrEqual(MENU_DOCUMENT_MAX);
    const { lines, pages } = await photoLines(bytes);
    const score = scoreDraft(photo.menu, parseMenu(lines, "photo", pages));
    expect(score.pricesRight / score.items, JSON.stringify(score)).toBeGreaterThanOrEqual(0.9);
    expect(score.titlesRight / score.items, JSON.stringify(score)).toBeGreaterThanOrEqual(0.85);
  });

  it("is refused from its header when it names more pixels than PHOTO_PIXELS_MAX, nothing decoded", async () => {
    // The fixture with its pictures' sizes (the `ispe` boxes: type, version and flags, width, height) made larger than the bound.
    const big = Buffer.from(await heic());
    const side = Math.ceil(Math.sqrt(PHOTO_PIXELS_MAX)) + 1;
    for (let at = big.indexOf("ispe"); at >= 0; at = big.indexOf("ispe", at + 4)) {
      big.writeUInt32BE(side, at + 8);
      big.writeUInt32BE(side, at + 12);
    }
    expect((await sharp(big).metadata()).width).toBe(side);
    expect(await refusal(photoLines(big))).toBe("photoTooLarge");
    // The decoder's own bound, before decoding (a decoded picture would not match the header and fail otherwise).
    expect(await refusal(preparePhoto(big, PHOTO_PIXELS_MAX))).toBe(`the HEIC holds ${side * side} pixels, more than ${PHOTO_PIXELS_MAX}`);
    expect(await refusal(preparePhoto(await heic(), 1400 * 1979 - 1))).toMatch(/^the HEIC holds 2770600 pixels, more than/);
  });
});

describe("what the OCR misreads", () => {
  it("tells the menu's language from a first look, its own tried first", () => {
    expect(languageOrder("Bean Coffee House Dumplings Khinkali (5 pcs) 13,50 BYN")[0]).toBe("eng");
    expect(languageOrder("Трактир «У Немиги» Пельмени Вареники с картофелем 12,20 руб Салат из свежих овощей")[0]).toBe("rus");
    expect(languageOrder("Рэстаран «Валошкі» ДЭСЕРТЫ Мядоўнік (130 гр) Чызкейк Нью-Ёрк Марожанае Салата са свежай гародніны")[0]).toBe("bel");
  });

  it("puts look-alike letters, units, currencies and lost decimal points right", () => {
    expect(mendOcrText("Сало 150 г 15.00 Вг", true)).toBe("Сало 150 г 15.00 Br");
    expect(mendOcrText("Омлет (250/50 rp) 6,75 р.", true)).toBe("Омлет (250/50 гр) 6,75 р.");
    expect(mendOcrText("Дранiкi 12,50", true)).toBe("Дранікі 12,50");
    expect(mendOcrText("Сняданк!", true)).toBe("Сняданкі");
    expect(mendOcrText("Tomato soup $10 20", false)).toBe("Tomato soup $10.20");
    expect(mendOcrText("Hawaiian 500 9 14.90", false)).toBe("Hawaiian 500 g 14.90");
    expect(mendOcrText("Homemade kvass 0.3 | — 10.90", false)).toBe("Homemade kvass 0.3 l — 10.90");
    expect(mendOcrText("Finnish soup (300 gr) 9,90 ВУМ", false)).toBe("Finnish soup (300 gr) 9,90 BYN");
    // Left alone: a count, and two numbers that are no price.
    expect(mendOcrText("Кальян 1 шт 42", true)).toBe("Кальян 1 шт 42");
    expect(mendOcrText("Сок 200 50 г", true)).toBe("Сок 200 50 г");
  });
});
