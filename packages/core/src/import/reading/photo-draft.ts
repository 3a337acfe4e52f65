/** A photo of a menu as a draft: its OCR lines (photo-lines.ts) through the one parser. */
import { draftOrRefusal, type MenuDraft } from "./draft";
import { photoLines } from "./photo-lines";
import { parseMenu } from "./parse-menu";

export async function readPhotoDraft(bytes: Uint8Array, onProgress: (percent: number) => void): Promise<MenuDraft> {
  const { lines, pages } = await photoLines(bytes, onProgress);
  return draftOrRefusal(parseMenu(lines, "photo", pages));
}
