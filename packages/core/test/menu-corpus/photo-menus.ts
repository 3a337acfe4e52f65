/**
 * The photo corpus: corpus menus printed (photo-page.ts) and photographed (photo-camera.ts), each
 * with a shot of its own (tilt 2–6°, keystone, blur, uneven light, noise, JPEG). A photo shows one
 * page, so a photo's menu holds the items of its first page only, which is what it is scored on.
 */
import { photoLines } from "../../src/import/reading/photo-lines";
import { parseMenu } from "../../src/import/reading/parse-menu";
import { itemCells } from "./format";
import { layoutMenu } from "./layout";
import { CORPUS, type CorpusMenu } from "./menus";
import { photograph, shotOf, type Shot } from "./photo-camera";
import { printPage } from "./photo-page";
import type { CorpusSource } from "./sources";

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

/** The photos as a source of `pnpm bench:menu-reading`, with the goals for photos. */
export const PHOTO_SOURCE: CorpusSource = {
  name: "photo",
  goals: { prices: 0.9, titles: 0.85 },
  menus: PHOTO_CORPUS.map((photo) => photo.menu),
  prepare: async (menu) => {
    const bytes = await photoOf(PHOTO_CORPUS.find((photo) => photo.menu === menu)!);
    return async () => {
      const { lines, pages } = await photoLines(bytes);
      return parseMenu(lines, "photo", pages);
    };
  },
};
