/**
 * A photo of a printed menu as lines (issue 50, point 4), read on our own servers: sharp decodes,
 * straightens and cleans it (render/photo-image.ts), then Tesseract (tesseract.js: its worker
 * script and wasm core come from node_modules) reads it in Russian, Belarusian and English with
 * the language data installed on the machine (photo-tessdata.ts): nothing is fetched from the
 * network. Bounded: the pixels before decoding, one page, and OCR_TIMEOUT_MS of reading (the
 * worker is terminated then).
 */
import { createWorker, OEM, PSM, type Block } from "tesseract.js";
import { preparePhoto, probePhoto } from "../../render/photo-image";
import { ImportRefusal } from "../menu-import-errors";
import type { TextLine } from "./draft";
import { PHOTO_PIXELS_MAX } from "./limits";
import { rowsOfPieces, type OcrPiece } from "./photo-rows";
import { OCR_LANGUAGES, ocrLangPath } from "./photo-tessdata";

/** A photo's reading is stopped after this (the background job's own bound is wider). */
export const OCR_TIMEOUT_MS = 60_000;

/** Progress: preparing the picture is the first PREPARED percent, loading the OCR up to LOADED, reading the rest. */
const PREPARED = 10;
const LOADED = 20;

/** The photo's lines of text with their boxes (in the straightened picture's pixels) and the OCR's confidence. */
export async function photoLines(bytes: Uint8Array, onProgress: (percent: number) => void = () => {}): Promise<{ lines: TextLine[]; pages: 1 }> {
  const probe = await probePhoto(bytes);
  if (!probe?.decodable) throw new ImportRefusal("unknownFileKind");
  if (probe.pixels > PHOTO_PIXELS_MAX) throw new ImportRefusal("photoTooLarge");
  const page = await preparePhoto(bytes, PHOTO_PIXELS_MAX).catch(() => {
    throw new ImportRefusal("unknownFileKind");
  });
  // Tesseract's own steps each go from 0 to 1: the owner sees only the furthest point reached.
  let shown = 0;
  const report = (percent: number) => {
    if (percent > shown) onProgress((shown = percent));
  };
  report(PREPARED);
  const blocks = await recognize(page.png, report);
  report(100);
  return { lines: rowsOfPieces(piecesOf(blocks)), pages: 1 };
}

/** Tesseract's blocks of the picture, within OCR_TIMEOUT_MS (loading included); the worker is always terminated. */
async function recognize(png: Buffer, report: (percent: number) => void): Promise<Block[]> {
  const worker = await createWorker([...OCR_LANGUAGES], OEM.LSTM_ONLY, {
    langPath: ocrLangPath(),
    gzip: false,
    // Read from langPath, never cached to disk (a Lambda's code folder is read-only).
    cacheMethod: "none",
    logger: ({ status, progress }) =>
      report(status === "recognizing text" ? LOADED + Math.floor(progress * (100 - LOADED)) : PREPARED + Math.floor(progress * (LOADED - PREPARED))),
    errorHandler: () => {},
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ImportRefusal("parseTooSlow")), OCR_TIMEOUT_MS);
  });
  try {
    const read = (async () => {
      // Sparse text: every run of words on its own, leaders dropped as specks (photo-rows.ts joins the rows).
      // The picture's resolution is the one Tesseract is tuned for once the text is LINE_PX high.
      await worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT, user_defined_dpi: "300" });
      return worker.recognize(png, {}, { blocks: true, text: false });
    })();
    const result = await Promise.race([read, timeout]);
    return result.data.blocks ?? [];
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
}

/** Tesseract's pieces of text (in sparse mode each of its "lines" is one run of words). */
const piecesOf = (blocks: Block[]): OcrPiece[] =>
  blocks.flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines)).map(({ text, bbox, confidence }) => ({ text, ...bbox, confidence }));
