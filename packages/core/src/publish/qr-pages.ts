import { usePorts } from "../ports";
import type { ObjectStore } from "../ports/object-store";
import { escapeHtml } from "../shared/html";
import { MENU_LANGUAGES } from "../shared/model";
import type { MenuRenderer } from "../shared/published-menu";

/**
 * The pages of an unknown or retired table QR code for the API's `GET /t/{key}`, which has no
 * renderer (no React in the Lambda): the publish job writes them with the web build's renderer,
 * one object per language holding both forms, `m/_not-found/qr-{lang}.json` =
 * `{format:1, build, unknown, retired}`. `retired` links to the store's menu through a placeholder
 * href that the API replaces, HTML-escaped, with `/{company}/{store}/menu`.
 */
export type QrPages = { format: 1; build: string; unknown: string; retired: string };

export const qrPagesKey = (lang: string) => `m/_not-found/qr-${lang}.json`;
/** Only URL-safe characters, so the renderer writes it into the href as is. */
const MENU_PLACEHOLDER = "/_qr_menu_";
/** A page is about 6 KB; anything far larger is not ours and is not answered with. */
const MAX_BYTES = 256 * 1024;

/**
 * The build whose QR pages this process last wrote or found, and where, so a publish reads one
 * object at most once per build (another object store, as tests set one per file, is looked at again).
 */
let written: { build: string; objects: ObjectStore } | undefined;

/** Writes the QR pages of every language unless they are already the renderer's build (stamped in each object). */
export async function publishQrPages(renderer: MenuRenderer) {
  const render = renderer.renderNotFound;
  const objects = usePorts().objects;
  if (!render || (written?.build === renderer.build && written.objects === objects)) return;
  // The last language is written last: when it carries the build, so do the others.
  const last = MENU_LANGUAGES.at(-1)!;
  if ((await readQrPages(last))?.build !== renderer.build) {
    for (const lang of MENU_LANGUAGES) {
      const retired = render({ lang, qr: { menu: MENU_PLACEHOLDER } });
      if (!retired.includes(`href="${MENU_PLACEHOLDER}"`)) throw new Error("The renderer's QR page has no menu link to fill in");
      const pages: QrPages = { format: 1, build: renderer.build, unknown: render({ lang, qr: {} }), retired };
      await objects.put(qrPagesKey(lang), JSON.stringify(pages), "application/json; charset=utf-8");
    }
  }
  written = { build: renderer.build, objects };
}

async function readQrPages(lang: string): Promise<QrPages | undefined> {
  const object = await usePorts().objects.get(qrPagesKey(lang));
  if (!object || object.body.byteLength > MAX_BYTES) return undefined;
  let pages: Partial<QrPages>;
  try {
    pages = JSON.parse(Buffer.from(object.body).toString("utf8")) as Partial<QrPages>;
  } catch {
    return undefined;
  }
  if (pages.format !== 1 || typeof pages.unknown !== "string" || typeof pages.retired !== "string" || typeof pages.build !== "string") return undefined;
  return pages as QrPages;
}

/**
 * The page of a bad QR code in `lang`: linking to `menu` (a retired key's store) or, without it
 * (an unknown key), to the home page. Undefined when no page is published yet or it cannot be read.
 */
export async function qrPage(lang: string, menu?: string): Promise<string | undefined> {
  try {
    const pages = await readQrPages(lang);
    if (!pages) return undefined;
    return menu ? pages.retired.replace(`href="${MENU_PLACEHOLDER}"`, () => `href="${escapeHtml(menu)}"`) : pages.unknown;
  } catch (error) {
    console.error("Reading a QR page failed", error);
    return undefined;
  }
}
