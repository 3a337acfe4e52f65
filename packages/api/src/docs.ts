/**
 * The API's documentation page, /api/docs: Swagger UI from the swagger-ui-dist package (its version
 * pinned in package.json), served by the app itself rather than from a CDN, so the page runs under
 * the site's CSP (scripts of this origin only, no inline script). The API Lambda gets the two files
 * copied beside its bundle (stacks/Api.ts, SWAGGER_UI_DIR).
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Hono } from "hono";
import { compress } from "hono/compress";

const BASE = "/api/docs";
const FILES: Record<string, string> = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>QR Menu API</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<link rel="stylesheet" href="${BASE}/swagger-ui.css" />
</head>
<body>
<div id="swagger-ui"></div>
<script src="${BASE}/swagger-ui-bundle.js"></script>
<script src="${BASE}/init.js"></script>
</body>
</html>
`;

// No validator badge: it would load a picture from the validator's site for every visit.
const INIT = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true, validatorUrl: null });\n`;

const folder = () => process.env.SWAGGER_UI_DIR ?? dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const cache = new Map<string, Promise<Buffer>>();

export const docsRoutes = new Hono()
  .get(BASE, (c) => c.html(PAGE, 200, { "Cache-Control": "no-cache" }))
  .get(`${BASE}/init.js`, (c) => c.body(INIT, 200, { "Content-Type": FILES["swagger-ui-bundle.js"]!, "Cache-Control": "no-cache" }))
  // 1.7 MB of script: compressed here, since CloudFront does not compress the API's uncached answers.
  .get(`${BASE}/:file`, compress(), async (c) => {
    const file = c.req.param("file");
    // Own keys only: "constructor" or "__proto__" are no file.
    const type = Object.hasOwn(FILES, file) ? FILES[file] : undefined;
    if (!type) return c.json({ code: "notFound", message: `Page Not Found: ${c.req.path}` }, 404);
    let body = cache.get(file);
    if (!body) {
      cache.set(file, (body = readFile(join(folder(), file))));
      body.catch(() => cache.delete(file));
    }
    return c.body(new Uint8Array(await body), 200, { "Content-Type": type, "Cache-Control": "public, max-age=3600" });
  });
