/**
 * The import rules `pnpm lint` holds the code to, beside ESLint:
 *  1. no import cycle in packages/ or web/ (a module must not import, directly or not, one that
 *     imports it);
 *  2. a web feature (web/src/features/<name>) imports no other feature: shared pieces live in
 *     web/src/components or web/src/lib, and the routes compose features into pages;
 *  3. web takes values only from core modules that stay clear of the server (no Node built-in,
 *     no AWS SDK, no database or ports, not even through other modules); types it may take from any;
 *  4. the Lambdas that draw nothing (the scheduler, the translate, publish and copy workers) reach no
 *     drawing library (pdfkit, sharp, qrcode, the sheet libraries), so their bundles stay lean;
 *  5. in core, only the rendering adapter (packages/core/src/render) imports a drawing library:
 *     the domain modules call its functions with their data and get bytes or rows back;
 *  6. core's top-level folders form layers (CORE_LAYERS): a folder imports, even for types, only
 *     folders before it, so no folder-level cycle can form (issue 35, point 2).
 * Imports are resolved by TypeScript with each project's own tsconfig, so workspace packages
 * (`@menu/core/...`) and `@/` paths count too. Prints every breach and exits 1 when there is one.
 */
import { realpathSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "..");
const PROJECTS = ["packages/core", "packages/api", "packages/functions", "packages/local", "web"];
const FEATURES = path.join(ROOT, "web/src/features");
const CORE = path.join(ROOT, "packages/core/src");
/** What makes a core module server-only when a browser module would load it. */
const SERVER_ONLY = [/^node:/, /^@aws-sdk\//, /^electrodb$/, /^sharp$/, /^pdfkit$/];
const SERVER_MODULES = [path.join(CORE, "db") + path.sep, path.join(CORE, "ports") + path.sep];
const DRAWING = /^(pdfkit|sharp|fontkit|qrcode|write-excel-file|read-excel-file)(\/|$)/;
const RENDER = path.join(CORE, "render") + path.sep;
const DRAWS_NOTHING = ["scheduler.ts", "workers/translate.ts", "workers/publish.ts", "workers/copy.ts"].map((f) => path.join(ROOT, "packages/functions/src", f));
/** Core's folders (and top-level files) from the bottom up: each may import only those before it. */
const CORE_LAYERS = [
  ["shared"],
  ["records"], // the ElectroDB entities: definitions only, below the db service that binds them
  ["db", "ports"],
  ["render"], // the rendering adapter
  ["company", "store"], // the tenants' records (which the command builder's gate reads), the publish request
  ["search", "subscription"], // the staff search index; plans and their phases
  ["translation"], // the translation engine: what is translated, requests, the worker
  ["command"], // the store-command builder
  // domain modules, each after those it uses
  ["billing", "media", "mail", "auth", "user", "contact", "category", "item", "tables"],
  ["promotion", "reviews", "abbreviation", "menu", "wifi", "translation-editor"],
  // orchestration
  ["analytics", "publish", "settings", "export", "import", "schedules", "jobs"],
  ["table-calls"],
  ["index", "adapters"],
].flat();

type Import = { target: string; typeOnly: boolean };
type Module = { imports: Import[]; external: { name: string; typeOnly: boolean }[] };

/** Type-only when the declaration says so, or every name it brings is a type. */
function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration) {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return !clause.name && !!named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
}

/** Every source file of the projects (tests excluded) with what it imports statically. */
function modules(): Map<string, Module> {
  const found = new Map<string, Module>();
  for (const project of PROJECTS) {
    const configPath = path.join(ROOT, project, "tsconfig.json");
    const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
    const parsed = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configPath));
    for (const file of parsed.fileNames.filter((f) => f.includes(`/${project}/src/`) && !f.endsWith(".d.ts"))) {
      const source = ts.createSourceFile(file, ts.sys.readFile(file)!, ts.ScriptTarget.Latest, false);
      const module: Module = { imports: [], external: [] };
      for (const node of source.statements) {
        if (!(ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) || !node.moduleSpecifier) continue;
        const name = (node.moduleSpecifier as ts.StringLiteral).text;
        const typeOnly = isTypeOnly(node);
        const resolved = ts.resolveModuleName(name, file, parsed.options, ts.sys).resolvedModule;
        // Workspace packages resolve through node_modules links: their real path says they are ours.
        const target = resolved && !resolved.resolvedFileName.endsWith(".d.ts") ? realpathSync(resolved.resolvedFileName) : undefined;
        if (target && target.startsWith(ROOT + path.sep) && !target.includes(`${path.sep}node_modules${path.sep}`)) {
          module.imports.push({ target, typeOnly });
        } else module.external.push({ name, typeOnly });
      }
      found.set(path.resolve(file), module);
    }
  }
  return found;
}

/** The strongly connected components with more than one module, or one that imports itself (Tarjan). */
function cycles(graph: Map<string, Module>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const next = (node: string) => [...new Set(graph.get(node)?.imports.map((i) => i.target) ?? [])];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const target of next(node)) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || next(node).includes(node)) found.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const featureOf = (file: string) => (file.startsWith(FEATURES + path.sep) ? path.relative(FEATURES, file).split(path.sep)[0] : undefined);

/**
 * The chain of value imports from a module to the first cause it reaches (an external module that
 * matches, or one of ours in a given folder), if it reaches any.
 */
function chainTo(graph: Map<string, Module>, file: string, cause: { external: RegExp[]; folders?: string[] }, seen = new Set<string>()): string[] | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  if (cause.folders?.some((dir) => file.startsWith(dir))) return [file];
  const module = graph.get(file);
  const hit = module?.external.find((e) => !e.typeOnly && cause.external.some((re) => re.test(e.name)));
  if (hit) return [file, hit.name];
  for (const { target, typeOnly } of module?.imports ?? []) {
    const chain = typeOnly ? undefined : chainTo(graph, target, cause, seen);
    if (chain) return [file, ...chain];
  }
  return undefined;
}

const graph = modules();
const rel = (file: string) => (path.isAbsolute(file) ? path.relative(ROOT, file) : file);
const breaches: string[] = [];

for (const component of cycles(graph)) {
  breaches.push(`Import cycle among ${component.length} modules:\n${component.sort().map((f) => `  ${rel(f)}`).join("\n")}`);
}
for (const [file, module] of graph) {
  const feature = featureOf(file);
  for (const { target, typeOnly } of module.imports) {
    const other = featureOf(target);
    if (feature && other && other !== feature) breaches.push(`${rel(file)}: the feature "${feature}" imports the feature "${other}" (${rel(target)})`);
    if (file.startsWith(path.join(ROOT, "web") + path.sep) && target.startsWith(CORE + path.sep) && !typeOnly) {
      const chain = chainTo(graph, target, { external: SERVER_ONLY, folders: SERVER_MODULES });
      if (chain) breaches.push(`${rel(file)}: imports a server module of core: ${chain.map(rel).join(" → ")}`);
    }
  }
}

for (const entry of DRAWS_NOTHING) {
  const chain = chainTo(graph, entry, { external: [DRAWING] });
  if (chain) breaches.push(`${rel(entry)} draws nothing but reaches a drawing library: ${chain.map(rel).join(" → ")}`);
}

for (const [file, module] of graph) {
  if (!file.startsWith(CORE + path.sep) || file.startsWith(RENDER)) continue;
  for (const { name } of module.external.filter((e) => DRAWING.test(e.name))) {
    breaches.push(`${rel(file)}: imports the drawing library ${name}, which only the rendering adapter (packages/core/src/render) may`);
  }
}

/** A core module's folder, or its name for a top-level file. */
const coreFolder = (file: string) => path.relative(CORE, file).split(path.sep)[0]!.replace(/\.ts$/, "");
for (const [file, module] of graph) {
  if (!file.startsWith(CORE + path.sep)) continue;
  const from = coreFolder(file);
  if (!CORE_LAYERS.includes(from)) breaches.push(`${rel(file)}: the core folder "${from}" has no place in CORE_LAYERS (scripts/check-imports.ts)`);
  for (const { target } of module.imports) {
    const to = target.startsWith(CORE + path.sep) ? coreFolder(target) : undefined;
    if (!to || to === from || CORE_LAYERS.indexOf(to) < CORE_LAYERS.indexOf(from)) continue;
    breaches.push(`${rel(file)} → ${rel(target)}: the core folder ${from} imports ${to}, against the layers (CORE_LAYERS)`);
  }
}

if (breaches.length > 0) {
  console.error(breaches.join("\n"));
  console.error(`\n${breaches.length} import rule breach(es): see scripts/check-imports.ts for the rules.`);
  process.exit(1);
}
console.log(
  `Imports: no cycle, no feature importing another, no server module of core in web, no drawing library in the Lambdas that draw nothing, none in core outside render/, no core folder importing against its layers.`,
);
