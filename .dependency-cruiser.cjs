/**
 * The import rules `pnpm lint` holds the code to (`pnpm lint:imports` runs this cruise twice):
 * every import counts, static or dynamic (`import()`), for values or only for types.
 *  - no import cycle in packages/, web/ or stacks/;
 *  - core's top-level folders form layers (CORE_LAYERS, bottom up): a folder imports only folders
 *    below it, so no folder-level cycle can form (decision 081);
 *  - in core only the rendering adapter (render/) imports a drawing library;
 *  - web's folders form layers too (WEB_LAYERS): i18n < lib < components < features < routes, app;
 *  - a web feature imports no other feature; the menu admin's parts form layers of their own
 *    (MENU_ADMIN_LAYERS), so its data flows one way (issue 51, point 1).
 * Two rules are about what runs, so the runtime cruise (RUNTIME=1) leaves type imports out: web
 * takes no value from core that reaches the server (Node built-ins, the AWS SDK, the database,
 * the ports), and the Lambdas that draw nothing (scheduler, translate, publish and copy workers)
 * reach no drawing library, so their bundles stay lean.
 */
const runtime = process.env.RUNTIME === "1";

/** Core's folders (and top-level files) from the bottom up: each may import only those before it in this order, and itself. */
const CORE_LAYERS = [
  ["shared"],
  ["records"], // the ElectroDB entities: definitions only, below the db service that binds them
  ["db", "ports"],
  ["render"], // the rendering adapter
  ["company", "store"], // the tenants' records (which the command builder's gate reads)
  ["publish/request"], // the publish request: low, apart from the rest of publish/ (orchestration)
  ["search", "billing/plans", "billing/lifecycle", "billing/gate"], // the staff search index; plans, a store's subscriptions and their phases, the plan gate: low, apart from the rest of billing/
  ["translation"], // the translation engine: what is translated, requests, the worker
  ["command"], // the store-command builder
  // domain modules, each after those it uses
  ["billing", "media", "mail", "auth", "user", "contact", "category", "item", "tables"],
  ["promotion", "reviews", "glossary", "menu", "wifi", "translation-editor"],
  // orchestration
  ["analytics", "publish", "settings", "export", "import", "chains", "schedules", "jobs", "translatable-contents"],
  ["table-calls"],
  ["index", "adapters"],
];
/** web/src's folders from the bottom up (main.tsx and the route tree stand above them all). */
const WEB_LAYERS = [["content"], ["i18n"], ["lib"], ["components"], ["features"], ["routes", "app", "testing"]];
/**
 * The menu admin's parts: the category page composes the panes (items, promotions); they share the
 * cards, the translations' editor and state, and the copy to other stores.
 */
const MENU_ADMIN_LAYERS = [["shared"], ["cards", "copy", "translations"], ["items", "promotions"], ["categories"]];

const DRAWING = "node_modules/(pdfkit|sharp|fontkit|qrcode|write-excel-file|read-excel-file|libheif-js)/";
const TESTS = "(\\.test\\.tsx?$|/test/|/testing/)";
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * One rule per folder of a layered tree (`layers` bottom up, read in order: a folder may import
 * only the folders before it and itself). Files at the tree's top (core's index.ts) count as the
 * folder of their name; a folder missing from the list is a breach of its own.
 */
function layerRules(name, root, layers) {
  const order = layers.flat();
  const folder = (f) => `${escape(root)}${escape(f)}(/|\\.tsx?$)`;
  const rules = order.slice(0, -1).map((f, i) => ({
    name: `${name}-layers`,
    severity: "error",
    comment: `${root}${f} imports only the folders before it (${name}: ${order.join(" < ")})`,
    from: { path: `^${folder(f)}`, pathNot: TESTS },
    // A file placed below its folder (core's "publish/request") is not a later layer.
    to: { path: `^${escape(root)}(${order.slice(i + 1).map(escape).join("|")})(/|\\.tsx?$)`, pathNot: `^${escape(root)}(${order.slice(0, i + 1).map(escape).join("|")})(/|\\.tsx?$)` },
  }));
  return rules.concat({
    name: `${name}-layers`,
    severity: "error",
    comment: `every folder of ${root} has a place in its layers`,
    from: { path: `^${escape(root)}`, pathNot: [`^${escape(root)}(${order.map(escape).join("|")})(/|\\.tsx?$)`, TESTS, `^${escape(root)}[^/]+\\.tsx?$`] },
    to: {},
  });
}

const structureRules = [
  { name: "no-cycle", severity: "error", comment: "a module must not import, directly or not, one that imports it", from: { path: "^(packages|web|stacks)/" }, to: { circular: true } },
  ...layerRules("core", "packages/core/src/", CORE_LAYERS),
  {
    name: "drawing-in-render",
    severity: "error",
    comment: "in core only the rendering adapter (render/) imports a drawing library: the domain calls it with data and gets bytes or rows back",
    from: { path: "^packages/core/src/", pathNot: "^packages/core/src/render/" },
    to: { path: DRAWING },
  },
  ...layerRules("web", "web/src/", WEB_LAYERS),
  {
    name: "feature-imports-feature",
    severity: "error",
    comment: "a web feature imports no other feature: shared pieces live in components/ or lib/, and routes compose features",
    from: { path: "^web/src/features/([^/]+)/" },
    to: { path: "^web/src/features/", pathNot: "^web/src/features/$1/" },
  },
  ...layerRules("menu-admin", "web/src/features/menu-admin/", MENU_ADMIN_LAYERS),
];

const runtimeRules = [
  {
    name: "web-reaches-server",
    severity: "error",
    comment: "web takes values only from core modules that stay clear of the server (no Node built-in, no AWS SDK, no database or ports, not even through other modules)",
    from: { path: "^web/src/", pathNot: TESTS },
    to: { reachable: true, path: ["^packages/core/src/(db|ports)/", "node_modules/(@aws-sdk|electrodb|sharp|pdfkit)/", "^node:", "^(fs|path|os|crypto|worker_threads|child_process|http|https|zlib|stream|url|util)$"] },
  },
  {
    name: "lean-lambda-draws",
    severity: "error",
    comment: "the Lambdas that draw nothing reach no drawing library, so their bundles stay lean",
    from: { path: "^packages/functions/src/(scheduler|workers/(translate|publish|copy))\\.ts$" },
    to: { reachable: true, path: DRAWING },
  },
];

module.exports = {
  forbidden: runtime ? runtimeRules : structureRules,
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules/\\.pnpm/.*/node_modules/[^/]+/node_modules", "/dist", "\\.d\\.ts$", "routeTree\\.gen\\.ts$", "\\.sst/", "cdk\\.out/"] },
    // Type imports count for the structure; what runs is told without them.
    tsPreCompilationDeps: !runtime,
    tsConfig: { fileName: "tsconfig.depcruise.json" },
    preserveSymlinks: false,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"], extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"] },
    skipAnalysisNotInRules: true,
  },
};
