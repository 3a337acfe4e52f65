import { usePorts, type StoredObject } from "@menu/core";
import type { PublishedManifest } from "@menu/core/publish/published";
import type { Context, Hono } from "hono";

/**
 * The published guest menus, served from the object store the way CloudFront serves the menus
 * bucket (docs/deploy.md): `/m/*` as stored, and the guest pages (`/{company}/{store}/menu`,
 * `/promotions/{n}`, `/reviews`) as the pre-rendered page of the guest's language. ETags answer
 * revalidations with 304; browsers always revalidate (the menu may change any minute). Nothing here
 * reads the database.
 */
export function servePublished(app: Hono, guestBuild?: string) {
  const republishing = new Set<string>();
  app.get("/m/*", async (c) => {
    const key = c.req.path.slice(1);
    if (key.includes("..")) return c.notFound();
    const object = await usePorts().objects.get(key);
    if (!object) return c.notFound();
    return answer(c, object, "public, max-age=0, must-revalidate");
  });

  app.get("/:company/:store/:page{menu|reviews|promotions/\\d{1,4}}", async (c, next) => {
    const company = c.req.param("company").toLowerCase();
    const store = c.req.param("store").toLowerCase();
    const page = c.req.param("page").replace(/\/+$/, "");
    const objects = usePorts().objects;
    const manifestObject = await objects.get(`m/${company}/${store}/manifest.json`);
    if (!manifestObject) return next(); // not published (yet): the SPA renders it or says not found
    const manifest = JSON.parse(Buffer.from(manifestObject.body).toString("utf8")) as PublishedManifest;
    if (guestBuild && manifest.build !== guestBuild) {
      // Pages of an older web build load scripts that are gone: the SPA renders this time, and the
      // store is republished in the background (a queue message, no database on this path).
      if (!republishing.has(manifest.store_id)) {
        republishing.add(manifest.store_id);
        await usePorts().queue.send("publish", { store_id: manifest.store_id, company_id: manifest.company_id });
      }
      return next();
    }
    // An unknown promotions position still shows the menu's first promotions page rather than a 404 dump.
    const name = manifest.pages.includes(page) ? page : page.startsWith("promotions/") ? "menu" : page;
    const lang = chooseLanguage(c.req.header("cookie") ?? "", manifest);
    const object = await objects.get(`m/${company}/${store}/${lang}/${name}.html`);
    if (!object) return next();
    c.header("Vary", "Cookie");
    return answer(c, object, "no-cache");
  });
}

/** The guest's menu language: the remembered one, else the interface one, when the store has it; else its default. */
export function chooseLanguage(cookieHeader: string, manifest: Pick<PublishedManifest, "languages" | "default_language">) {
  const cookies = new Map(
    cookieHeader
      .split(";")
      .map((p) => p.trim().split("="))
      .filter((kv) => kv.length >= 2)
      .map(([k, ...v]) => [k!, decodeURIComponent(v.join("="))]),
  );
  for (const name of ["menu_language", "locale"]) {
    const lang = cookies.get(name);
    if (lang && manifest.languages.includes(lang)) return lang;
  }
  return manifest.default_language;
}

function answer(c: Context, object: StoredObject, cacheControl: string) {
  const headers = { ETag: object.etag, "Cache-Control": cacheControl };
  const match = c.req.header("if-none-match");
  if (match && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === object.etag)) return c.body(null, 304, headers);
  return c.body(object.body as Uint8Array<ArrayBuffer>, 200, { ...headers, "Content-Type": object.contentType });
}
