import { MENU_LANGUAGES } from "../shared/model";
import type { MenuRenderer, PublishedManifest } from "../shared/published-menu";

/**
 * What the CDN edge needs to answer the guest pages (`/{company}/{store}/menu`, `/promotions/{n}`,
 * `/reviews`) without an origin round trip: the edge code (stacks/edge/guest-pages.js) cannot read
 * the menus bucket, so the publish job writes, through this port, a small routing entry per store URL
 * (CloudFront KeyValueStore in the cloud, a folder locally) and, once per web build, the not-found
 * pages that the edge answers with 404.
 */
export type EdgeRoute =
  | { languages: string[]; default_language: string; promotions: number[]; reviews: boolean; build: string }
  | { moved_to: string };

export interface GuestEdge {
  /** The entry of one store URL: its published pages, or the URL name it moved to. */
  putRoute(company: string, store: string, route: EdgeRoute): Promise<void>;
  /** The web build whose pages the edge serves (pages of another build get the SPA); undefined before any. */
  build(): Promise<string | undefined>;
  /** Stores the not-found page of each language, then makes `build` the edge's build. */
  putBuild(build: string, notFoundPages: Record<string, string>): Promise<void>;
}

/**
 * The KeyValueStore layout, read by stacks/edge/guest-pages.js: key `{company}/{store}` (URL names,
 * lower case), value JSON `{"l":languages,"d":default,"p":promotion positions,"r":0 when there is
 * no reviews page,"b":build}` or
 * `{"m":moved_to}`, and key `_build` (no URL name has an underscore) for the current build. Short
 * names: a value may hold 1 KB.
 */
export const EDGE_BUILD_KEY = "_build";
export const edgeRouteKey = (company: string, store: string) => `${company}/${store}`;
export function encodeEdgeRoute(route: EdgeRoute): string {
  const value = JSON.stringify(
    "moved_to" in route
      ? { m: route.moved_to }
      : { l: route.languages, d: route.default_language, p: route.promotions, ...(route.reviews ? {} : { r: 0 }), b: route.build },
  );
  if (Buffer.byteLength(value) > 1024) throw new Error(`Edge route over 1 KB (a KeyValueStore value's limit): ${value.slice(0, 80)}…`);
  return value;
}
/** Object key of the not-found page of a language in the menus bucket; S3 metadata marks its status. */
export const notFoundPageKey = (lang: string) => `m/_not-found/${lang}.html`;
export const NOT_FOUND_STATUS_METADATA = { "guest-status": "404" };

const noEdge: GuestEdge = {
  putRoute: async () => {},
  build: async () => undefined,
  putBuild: async () => {},
};
let edge: GuestEdge = noEdge;
/** Set at start-up (Lambda cold start, local runtime); without one (unit tests) nothing is written. */
export const setGuestEdge = (value: GuestEdge | undefined) => {
  edge = value ?? noEdge;
  edgeBuild = undefined;
};
export const useGuestEdge = () => edge;

/** The build this process last made the edge's, so the not-found pages are written once per build. */
let edgeBuild: string | undefined;

/** After a store is published: its edge entry, and the renderer's build (with its not-found pages) if the edge has another. */
export async function publishEdgeRoute(company: string, store: string, manifest: PublishedManifest, renderer: MenuRenderer) {
  await edge.putRoute(company, store, {
    languages: manifest.languages,
    default_language: manifest.default_language,
    promotions: manifest.pages.filter((p) => p.startsWith("promotions/")).map((p) => Number(p.slice("promotions/".length))),
    reviews: manifest.pages.includes("reviews"),
    build: manifest.build,
  });
  if (edgeBuild === renderer.build) return;
  if ((await edge.build()) !== renderer.build) {
    const render = renderer.renderNotFound;
    const pages = render ? Object.fromEntries(MENU_LANGUAGES.map((lang) => [lang, render({ lang })])) : {};
    await edge.putBuild(renderer.build, pages);
  }
  edgeBuild = renderer.build;
}
