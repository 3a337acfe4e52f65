/**
 * A photo of a printed menu as lines (issue 50, point 4), read on our own servers: sharp decodes,
 * straightens and cleans it (render/photo-image.ts), then Tesseract (tesseract.js: its worker
 * script and wasm core come from node_modules) reads it in Russian, Belarusian and English with
 * the language data installed on the machine (photo-tessdata.ts): nothing is fetched from the
 * network. The page is read with its dotted leaders painted out (render/photo-measure.ts's
 * withoutLeaders): read as rows of letters they made a page up to three times slower. Bounded:
 * the pixels before decoding, one page, and OCR_TIMEOUT_MS of reading (the worker is terminated
 * then).
 */
import { createWorker, OEM, PSM, type Block } from "tesseract.js";
import { preparePhoto, probePhoto, topOfPhoto, type PreparedPhoto } from "../../render/photo-image";
import { inkShare, withoutLeaders, type Grey } from "../../render/photo-measure";
import { ImportRefusal } from "../menu-import-errors";
import type { TextLine } from "./draft";
import { PHOTO_PIXELS_MAX } from "./limits";
import { linesOfPieces, type OcrPiece } from "./photo-rows";
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
  const { blocks, languages } = await recognize(page, report);
  report(100);
  return { lines: linesOfPieces(piecesOf(blocks), languages[0] !== "eng", (box) => inkShare(page.grey, box)), pages: 1 };
}

type Language = (typeof OCR_LANGUAGES)[number];
/** The first look to tell the language: the page's top third, smaller (the alphabet shows at any size). */
const LOOK = { share: 0.33, scale: 0.6 };

/**
 * The languages in the order Tesseract should try them, the menu's own first (it reads the first
 * one's letters where the others' look alike: Latin "g" or Belarusian "ў", "і" read as Russian
 * "д", "у", "1"): mostly Latin letters is English; Cyrillic with hardly an "и" (Belarusian has
 * none, Russian about one letter in fifteen) is Belarusian.
 */
export function languageOrder(text: string): Language[] {
  const count = (pattern: RegExp) => text.match(pattern)?.length ?? 0;
  const cyrillic = count(/\p{Script=Cyrillic}/gu);
  if (count(/\p{Script=Latin}/gu) > cyrillic) return ["eng", "rus", "bel"];
  if (cyrillic >= 40 && count(/[иИ]/gu) < cyrillic * 0.015) return ["bel", "rus", "eng"];
  return ["rus", "bel", "eng"];
}

/**
 * Tesseract's blocks of the picture: the top of the page read first to tell the menu's language,
 * then the page with that language first. Within OCR_TIMEOUT_MS; the worker is always terminated.
 */
async function recognize(page: PreparedPhoto, report: (percent: number) => void): Promise<{ blocks: Block[]; languages: Language[] }> {
  let looked = false;
  const worker = await createWorker([...OCR_LANGUAGES], OEM.LSTM_ONLY, {
    langPath: ocrLangPath(),
    gzip: false,
    // Read from langPath, never cached to disk (a Lambda's code folder is read-only).
    cacheMethod: "none",
    logger: ({ status, progress }) => {
      if (status !== "recognizing text") return report(PREPARED + Math.floor(progress * (LOADED - PREPARED)));
      const [from, share] = looked ? [LOADED + 15, 100 - LOADED - 15] : [LOADED, 15];
      report(from + Math.floor(progress * share));
    },
    // A failed job rejects its promise; without a handler tesseract.js would also throw it uncaught.
    errorHandler: () => {},
  });
  // Sparse text: every run of words on its own, leaders dropped as specks (photo-rows.ts joins close ones).
  // The picture's resolution is the one Tesseract is tuned for once the text is LINE_PX high.
  const parameters = { tessedit_pageseg_mode: PSM.SPARSE_TEXT, user_defined_dpi: "300" };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ImportRefusal("parseTooSlow")), OCR_TIMEOUT_MS);
  });
  try {
    const read = async () => {
      await worker.setParameters(parameters);
      const top = await worker.recognize(await topOfPhoto(page, LOOK.share, LOOK.scale), {}, { text: true });
      looked = true;
      const order = languageOrder(top.data.text);
      if (order[0] !== OCR_LANGUAGES[0]) {
        await worker.reinitialize(order.join("+"), OEM.LSTM_ONLY);
        await worker.setParameters(parameters);
      }
      const { data } = await worker.recognize(pgm(withoutLeaders(page.grey)), {}, { blocks: true, text: false });
      return { blocks: data.blocks ?? [], languages: order };
    };
    return await Promise.race([read(), timeout]);
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
}

/** Raw greyscale as PGM, which Tesseract's image library reads without decompressing (a PNG of the page took it about 0.3 s). */
const pgm = ({ data, width, height }: Grey): Buffer => Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`), data]);

/** Tesseract's pieces of text (in sparse mode each of its "lines" is one run of words). */
const piecesOf = (blocks: Block[]): OcrPiece[] =>
  blocks.flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines)).map(({ text, bbox, confidence }) => ({ text, ...bbox, confidence }));
