import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { createApp, type AppOptions } from "@menu/api";
import { usePorts } from "@menu/core";
import { Hono } from "hono";
import { compress } from "hono/compress";

/**
 * Everything on one port, the way CloudFront routes it in the cloud: the API (/api/*, /t/*),
 * uploaded media (/media/*) from the object store, and the built SPA with its index.html fallback.
 * The published guest menus are answered in front of it (`publishedHandler`, see main.ts).
 */
export function createLocalApp(options: AppOptions & { webDist: string }) {
  const app = new Hono();
  app.use("*", compress());
  app.route("/", createApp(options));

  app.get("/media/*", async (c) => {
    const object = await usePorts().objects.get(c.req.path.slice(1));
    if (!object) return c.notFound();
    const headers = {
      ETag: object.etag,
      // Media keys are generated per upload and never rewritten, so they can be cached forever.
      "Cache-Control": "public, max-age=31536000, immutable",
    };
    if (c.req.header("if-none-match") === object.etag) return c.body(null, 304, headers);
    return c.body(object.body as Uint8Array<ArrayBuffer>, 200, { ...headers, "Content-Type": object.contentType });
  });

  app.use(
    "/assets/*",
    serveStatic({
      root: options.webDist,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  // Files of the build (favicon and the like); paths without an extension are SPA routes.
  const files = serveStatic({ root: options.webDist });
  app.use("*", (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? files(c, next) : next()));

  let indexHtml: Promise<string> | undefined;
  app.get("*", async (c) => {
    indexHtml ??= readFile(join(options.webDist, "index.html"), "utf8");
    c.header("Cache-Control", "no-cache");
    return c.html(await indexHtml);
  });
  return app;
}
