/**
 * The menu-reading corpus (issue 50, point 7), for the domain tests, `pnpm bench:menu-reading` and
 * the photo reader's tests: the menus with their expected items (CORPUS), each written out as
 * pasted text, drawing instructions (layoutMenu: the runs of each A4 page, for a PDF or a photo),
 * a PDF and a Word file, and the one score every reader is measured with.
 */
export { CORPUS, itemsOf, type CorpusMenu, type CorpusCategory, type CorpusItem, type CorpusPortion, type CorpusStyle } from "./menus";
export { renderText } from "./text";
export { layoutMenu, textWidth, CORPUS_FONT_FILES, PAGE, type CorpusPage, type CorpusRun } from "./layout";
export { renderPdf } from "./pdf";
export { scoreDraft, addScores, type DraftScore } from "./score";
export { renderDocx } from "./docx";
export { DOCUMENT_SOURCES, type CorpusSource } from "./sources";
