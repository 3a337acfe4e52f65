/**
 * Where the OCR's language data is (photo-lines.ts): rus, bel and eng .traineddata, installed on
 * the machine, never downloaded. OCR_LANG_PATH names a folder (the read worker's: `tessdata` beside
 * its bundle, stacks/bundling.ts), else Debian's tesseract-ocr-* packages' folders (`./menu` and
 * `.ci/run` install them). Apart from photo-lines.ts, so it can be read without loading the OCR.
 */
import { existsSync } from "node:fs";
import path from "node:path";

export const OCR_LANGUAGES = ["rus", "bel", "eng"] as const;
/** Where Debian's (and Ubuntu's) tesseract-ocr-rus, -bel and -eng put their data: Tesseract 5, then 4. */
export const DEBIAN_TESSDATA = ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata"];

const complete = (folder: string) => OCR_LANGUAGES.every((lang) => existsSync(path.join(folder, `${lang}.traineddata`)));

/** The folder holding the three languages' data (absolute). Throws naming what to install when there is none. */
export function ocrLangPath(env: NodeJS.ProcessEnv = process.env): string {
  const folders = env.OCR_LANG_PATH ? [env.OCR_LANG_PATH] : DEBIAN_TESSDATA;
  const found = folders.find(complete);
  if (found) return path.resolve(found);
  throw new Error(
    `OCR language data (${OCR_LANGUAGES.map((lang) => `${lang}.traineddata`).join(", ")}) not found in ${folders.join(" or ")}: ` +
      "install it with `sudo apt-get install -y tesseract-ocr-rus tesseract-ocr-bel tesseract-ocr-eng`, or set OCR_LANG_PATH",
  );
}
