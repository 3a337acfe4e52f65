/**
 * The reviews widget code (settings/yandex-reviews), free of Node imports so the SPA checks the
 * pasted code with the same rules. Staff paste the maps service's snippet — an iframe, usually in a
 * `<div>` with an `<a>` to the organisation — or just the widget's address; only the organisation
 * id (digits) is kept. The guest page builds its own iframe from it, so pasted HTML is never stored.
 */
import { z } from "zod";

export const WIDGET_FORMAT_MESSAGE = "Incorrect Yandex.Reviews widget format";
/** A real snippet is under 1 KB; anything far longer is not the widget. */
export const WIDGET_CODE_MAX = 5000;

/** The maps service's country domains that serve the widget. */
const DOMAINS = ["ru", "by", "kz", "uz", "com", "com.tr", "com.am", "com.ge", "az", "kg", "tj", "tm", "md", "ua", "ee", "lv", "lt", "co.il", "fr"];
const HOST = `(?:www\\.)?yandex\\.(?:${DOMAINS.map((d) => d.replace(".", "\\.")).join("|")})`;
const WIDGET_URL = new RegExp(`^(?:https?:)?//${HOST}/maps-reviews-widget/(\\d{1,20})/?(?:\\?[^\\s"'<>]*)?$`, "i");
const ORG_LINK = new RegExp(`^(?:https?:)?//${HOST}/maps/org/[^/\\s"'<>]*/(\\d{1,20})/?(?:[?#][^\\s"'<>]*)?$`, "i");
/** The snippet consists of these tags only; anything else (a script, a style, an object) is not the widget. */
const ALLOWED_TAGS = new Set(["div", "iframe", "a"]);

const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, "i").exec(tag);
  const value = m ? (m[1] ?? m[2] ?? m[3] ?? "") : undefined;
  return value?.replace(/&amp;/g, "&").trim();
};

/** The organisation id in a pasted widget code or address, or null when it is not the widget. */
export function orgIdFromWidget(input: string): string | null {
  const code = input.trim();
  if (!code || code.length > WIDGET_CODE_MAX) return null;
  if (!code.startsWith("<")) return WIDGET_URL.exec(code)?.[1] ?? null;

  const tags = [...code.matchAll(/<\/?\s*([a-z][a-z0-9-]*)\b[^<>]*>/gi)];
  // Every "<" must open one of the matched tags: no comments, no broken or nested markup.
  if (tags.length !== (code.match(/</g) ?? []).length) return null;
  if (tags.some((t) => !ALLOWED_TAGS.has(t[1]!.toLowerCase()))) return null;
  const frames = tags.filter((t) => !t[0].startsWith("</") && t[1]!.toLowerCase() === "iframe");
  if (frames.length !== 1) return null;
  const id = WIDGET_URL.exec(attr(frames[0]![0], "src") ?? "")?.[1];
  if (!id) return null;
  // The link under the widget names the same organisation when it is there.
  for (const link of tags.filter((t) => t[1]!.toLowerCase() === "a" && !t[0].startsWith("</"))) {
    const other = ORG_LINK.exec(attr(link[0], "href") ?? "")?.[1];
    if (other && other !== id) return null;
  }
  return id;
}


/** Where the guest page's iframe loads the widget from (the pages' CSP frame-src). */
export const WIDGET_ORIGIN = "https://yandex.ru";
/** The address of the widget of an organisation (what the guest page's iframe loads). */
export const widgetUrl = (orgId: string) => `${WIDGET_ORIGIN}/maps-reviews-widget/${orgId}?comments`;

/** PUT /api/reviews-widget: the store and the pasted code (checked by `orgIdFromWidget`). */
export const ReviewsWidgetInput = z.object({
  store_id: z.string().min(1).max(64),
  widget_code: z.string().max(WIDGET_CODE_MAX, WIDGET_FORMAT_MESSAGE),
});
export type ReviewsWidgetInput = z.input<typeof ReviewsWidgetInput>;
