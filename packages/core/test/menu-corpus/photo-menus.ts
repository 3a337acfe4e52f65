/**
 * The photo corpus: corpus menus printed (photo-page.ts) and photographed (photo-camera.ts), each
 * with a shot of its own (tilt 2–6°, keystone, blur, uneven light, noise, JPEG). A photo shows one
 * page, so a photo's menu holds the items of its first page only, which is what it is scored on.
 */
import { itemCells } from "./format";
import { layoutMenu } from "./layout";
import { CORPUS, type CorpusMenu } from "./menus";
import { photograph, shotOf, type Shot } from "./photo-camera";
import { printPage } from "./photo-page";

export type PhotoMenu = { id: string; menu: CorpusMenu; shot: Shot; seed: number };

/** Four menus per language: one column (with and without leaders) and two columns (the corpus's index 1 and 4). */
const PICKS = [0, 1, 2, 4];

/** The menu as its first page shows it: the items whose title is printed there, in their categories. */
export function firstPageMenu(menu: CorpusMenu): CorpusMenu {
  const printed = new Set(layoutMenu(menu)[0]!.runs.map((run) => run.text));
  const categories = menu.categories
    .map((category) => ({ ...category, items: category.items.filter((item) => printed.has(itemCells(menu, item).title)) }))
    .filter((category) => category.items.length > 0);
  return { ...menu, categories };
}

export const PHOTO_CORPUS: readonly PhotoMenu[] = (["ru", "be", "en"] as const).flatMap((language, l) =>
  PICKS.map((index, n) => {
    const menu = CORPUS.filter((m) => m.language === language)[index]!;
    const seed = 100 + l * 10 + n;
    return { id: `photo-${menu.id}`, menu: firstPageMenu(menu), shot: shotOf(seed), seed };
  }),
);

/** The photo's JPEG bytes. */
export async function photoOf({ menu, shot, seed }: PhotoMenu): Promise<Uint8Array> {
  return photograph(printPage(layoutMenu(menu)[0]!), shot, seed);
}
