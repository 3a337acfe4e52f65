import { GUEST_SECTIONS } from "@menu/core/shared/published-menu";
import type { DeltaOp, GuestPage, IndexItem, PublishedCategory, PublishedIndex, PublishedItem, PublishedMenu } from "@menu/core/shared/published-menu";
import { pageCookie } from "@menu/core/shared/cookie";
import { isOrgId } from "@menu/core/shared/reviews-org";

export type { DeltaOp, GuestPage, IndexItem, PublishedCategory, PublishedIndex, PublishedItem, PublishedMenu };
export type PublishedManifest = import("@menu/core/shared/published-menu").PublishedManifest;

/** Menu sections a guest browses (promotions have their own pages). */
export const MENU_SECTIONS = GUEST_SECTIONS;
export type MenuSection = (typeof MENU_SECTIONS)[number];

/** Section 3 "Menu state": header and sticky menu heights. */
export const MENU_HEIGHTS = { header: 120, sticky: 100, stickyCollapsed: 100 } as const;

export type GuestLocation = {
  company: string;
  store: string;
  page: GuestPage;
  item?: string;
  table?: number;
  /** The chosen menu section (`?section=`); absent for the first one. */
  section?: MenuSection;
};

/** The store path a cart belongs to: the path without the /menu, /promotions/… and /reviews suffixes. */
export const storeBasePath = (pathname: string) =>
  pathname.replace(/\/+$/, "").replace(/\/(menu|reviews|promotions(\/[^/]*)?)$/, "");

export function parseLocation(href: string): GuestLocation {
  const url = new URL(href, "http://x");
  const parts = url.pathname.split("/").filter(Boolean);
  const [company = "", store = "", kind, position] = parts.map(decodeURIComponent);
  const page: GuestPage =
    kind === "promotions" ? { kind: "promotions", position: Number(position) || 0 } : kind === "reviews" ? { kind: "reviews" } : { kind: "menu" };
  const table = Number(url.searchParams.get("table"));
  const item = url.searchParams.get("item") ?? undefined;
  const section = url.searchParams.get("section") as MenuSection | null;
  return {
    company,
    store,
    page,
    ...(item ? { item } : {}),
    ...(Number.isInteger(table) && table > 0 ? { table } : {}),
    ...(section && MENU_SECTIONS.includes(section) ? { section } : {}),
  };
}

export const pagePath = (company: string, store: string, page: GuestPage) =>
  `/${company}/${store}/${page.kind === "promotions" ? `promotions/${page.position}` : page.kind}`;

/** What the sticky bar's rows link to: the page shown, the store's pages and promotion pages, followed without reloading. */
export type PageLinks = {
  page: GuestPage;
  company: string;
  storeKey: string;
  promotionCategories: readonly PublishedCategory[];
  /** The store's reviews widget (organisation id), when it has one: only then is there a reviews page. */
  reviewsOrg?: string;
  onGo: (to: string) => void;
};

/** The organisation id of a store's reviews widget, when it is set up (the publish job lists its page only then). */
export const reviewsOrgOf = (menu: Pick<PublishedIndex, "store">) => {
  const org = menu.store.reviews_org_id;
  return isOrgId(org) ? org : undefined;
};

/** The text of a rich text, for search. */
export const plainText = (ops: DeltaOp[] | null | undefined) => (ops ? ops.map((o) => o.insert).join("") : "");

/** The published files' URLs (same paths locally and behind CloudFront). */
export const manifestUrl = (company: string, store: string) => `/m/${company}/${store}/manifest.json`;

export const MENU_LANGUAGE_COOKIE = "menu_language";


/** Remembers the guest's menu language for a year (the server picks the pre-rendered page by it). */
export function rememberMenuLanguage(lang: string) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${MENU_LANGUAGE_COOKIE}=${encodeURIComponent(lang)}; Max-Age=${365 * 24 * 3600}; Path=/; SameSite=Lax${secure}`;
}

/**
 * The menu language for a store: the remembered one if the store has it, else the interface one, else
 * the first of the browser's languages it offers (as the server picks the pre-rendered page), else its default.
 */
export function chooseLanguage(languages: readonly string[], fallback: string) {
  const browser = typeof navigator === "undefined" ? [] : (navigator.languages ?? []).map((l) => l.split("-")[0]!.toLowerCase());
  for (const candidate of [pageCookie(MENU_LANGUAGE_COOKIE), pageCookie("locale"), ...browser]) {
    if (candidate && languages.includes(candidate)) return candidate;
  }
  return fallback;
}
