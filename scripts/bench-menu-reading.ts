/**
 * pnpm bench:menu-reading — how well an owner's own menu is read (issue 50, point 7): every menu of
 * the corpus (packages/core/test/menu-corpus/, 36 menus made here in ru, be and en) written out per
 * source, read back by its reader and the one parser, and scored against what the menu holds.
 * Prints per source: menus, items expected, found, titles / prices / categories exactly right, and
 * seconds per page (median, max; the read only, not the writing out), then the goals
 * (PDF, DOCX, text ≥ 98 % of prices; photos ≥ 90 % of prices and ≥ 85 % of titles; a page ≤ 10 s)
 * as ✔/✘ — printed, not asserted. The reads run in this process, one at a time; the product runs
 * the same code in a sheet worker.
 *
 * A source is one entry of SOURCES (the corpus's CorpusSource: its name, goals, and how it writes a
 * menu out and reads it). Check mode (`BENCH_CHECK=1` or `--check`, scripts/bench-support.ts): one
 * menu per language (photos: one photo).
 */
import { addScores, CORPUS, DOCUMENT_SOURCES, scoreDraft, type CorpusSource, type DraftScore } from "../packages/core/test/menu-corpus";
import { PHOTO_SOURCE } from "../packages/core/test/menu-corpus/photo-menus";
import { CHECK, percentile } from "./bench-support";

const SOURCES: CorpusSource[] = [...DOCUMENT_SOURCES, PHOTO_SOURCE];
const PAGE_SECONDS_GOAL = 10;

const menus = CHECK ? (["ru", "be", "en"] as const).map((language) => CORPUS.find((m) => m.language === language && m.style.columns === 2)!) : CORPUS;
const percent = (part: number, whole: number) => `${whole ? ((100 * part) / whole).toFixed(1) : "—"} %`;

const rows: Record<string, string | number>[] = [];
const goals: [string, boolean][] = [];
for (const source of SOURCES) {
  const scores: DraftScore[] = [];
  const perPage: number[] = [];
  // A source with menus of its own (photos) reads one of them in check mode.
  const list = source.menus ? source.menus.slice(0, CHECK ? 1 : undefined) : menus;
  for (const menu of list) {
    const read = await source.prepare(menu);
    const started = performance.now();
    const draft = await read();
    perPage.push((performance.now() - started) / 1000 / Math.max(1, draft.pages));
    scores.push(scoreDraft(menu, draft));
  }
  const total = addScores(scores);
  perPage.sort((a, b) => a - b);
  const worst = perPage.at(-1) ?? NaN;
  rows.push({
    source: source.name,
    menus: list.length,
    "items expected": total.items,
    "items found": `${total.itemsFound} (${percent(total.itemsFound, total.items)})`,
    "titles right": `${total.titlesRight} (${percent(total.titlesRight, total.items)})`,
    "prices right": `${total.pricesRight} (${percent(total.pricesRight, total.items)})`,
    "categories right": `${total.categoriesRight} (${percent(total.categoriesRight, total.items)})`,
    "extra items": total.extra,
    "s/page median": percentile(perPage, 0.5).toFixed(3),
    "s/page max": worst.toFixed(3),
  });
  goals.push([`${source.name}: prices ≥ ${source.goals.prices * 100} % (${percent(total.pricesRight, total.items)})`, total.pricesRight >= source.goals.prices * total.items]);
  if (source.goals.titles !== undefined) goals.push([`${source.name}: titles ≥ ${source.goals.titles * 100} % (${percent(total.titlesRight, total.items)})`, total.titlesRight >= source.goals.titles * total.items]);
  goals.push([`${source.name}: a page ≤ ${PAGE_SECONDS_GOAL} s (max ${worst.toFixed(2)} s)`, worst <= PAGE_SECONDS_GOAL]);
}

console.log(`Menu reading on the corpus (${menus.length} menus per source):`);
console.table(rows);
console.log("Goals:");
for (const [goal, met] of goals) console.log(`  ${met ? "✔" : "✘"} ${goal}`);
