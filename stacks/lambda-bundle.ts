/**
 * Builds the app's Lambda functions as `sst deploy` does, without AWS: for the bundle test
 * (stacks/test/bundles.test.ts) and `pnpm bench:lambda`.
 *
 * The functions and their props come from synthesizing sst.config.ts (SST's own code, with its
 * node build replaced by a recorder). Each is then bundled with SST v2's esbuild options
 * (sst/runtime/handlers/node.js, deploy mode: ESM, the createRequire banner, SST's forced
 * externals plus the function's), gets its runtime packages for this machine
 * (stacks/bundling.ts) and its copyFiles, in a folder outside the workspace so that nothing
 * resolves from the workspace's node_modules.
 */
import { execFileSync } from "node:child_process";
import { cp, mkdir, readdir, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { App, type FunctionProps } from "sst/constructs";
import { useProject } from "sst/project.js";
import { initSstProject } from "./init-project";
import { useRuntimeHandlers } from "sst/runtime/handlers.js";
import config from "../sst.config";
import { shipRuntimePackages, type BuildOptions, type Esbuild } from "./bundling";

export type AppFunction = FunctionProps & { handler: string };
export type Bundle = {
  handler: string;
  /** The folder the function's code is zipped from. */
  folder: string;
  /** The bundle file Lambda loads. */
  file: string;
  /** Bytes of the bundle itself (SST uploads source maps apart, not with the code). */
  bundleBytes: number;
  /** Bytes of everything in the function's folder but source maps: bundle, packages, copied files. */
  shippedBytes: number;
  /** Bytes of the bundle per package it holds code of (the workspace's own code as "packages/<name>"). */
  packageBytes: Map<string, number>;
  external: string[];
  /** The modules outside the bundle that its loading imports (`import` statements, not `import()`): a cold start loads them all. */
  loadedAtStart: string[];
};

/** The app's node functions with the props SST builds them from (deploy mode, stage "bundle"). */
export async function appFunctions(root: string): Promise<AppFunction[]> {
  // SST skips its AWS lookups in tests; Web.ts then synthesizes without the SPA build.
  process.env.NODE_ENV = "test";
  // Only the functions' props matter here: a development stage, which needs no production setting.
  process.env.DEVELOPMENT_STAGE = "true";
  await initSstProject({ root, stage: "bundle" });
  const functions: AppFunction[] = [];
  const node = useRuntimeHandlers().for("nodejs22.x");
  node.build = async ({ out, props }) => {
    functions.push(props as AppFunction);
    const parsed = path.parse(props.handler!);
    await mkdir(path.join(out, parsed.dir), { recursive: true });
    await writeFile(path.join(out, parsed.dir, `${parsed.name}.mjs`), `export const ${parsed.ext.slice(1)} = async () => ({});\n`);
    return { type: "success", handler: props.handler! };
  };
  const project = useProject();
  const app = new App(
    { mode: "deploy", name: project.config.name, stage: "bundle", region: "eu-central-1", account: "123456789012" },
    { outdir: path.join(project.paths.out, "cdk.out.bundle") },
  );
  await config.stacks(app);
  await app.finish();
  return functions;
}

/** SST's esbuild, not the workspace's: the same version `sst deploy` runs. */
export const sstEsbuild = (root: string) =>
  createRequire(createRequire(path.join(root, "stacks/package.json")).resolve("sst/package.json"))("esbuild") as Esbuild;

/**
 * SST v2's esbuild options for a function (deploy mode) writing `outfile`: its entry point is the
 * handler's module unless `entry` names another file (a test's, built as the function is).
 */
export function sstBuildOptions(root: string, fn: AppFunction, outfile: string, entry?: string): BuildOptions {
  const nodejs = fn.nodejs ?? {};
  if ((nodejs.format ?? "esm") !== "esm") throw new Error(`${fn.handler}: only ESM functions are built here`);
  const parsed = path.parse(fn.handler);
  const { external = [], ...override } = nodejs.esbuild ?? {};
  const forceExternal = ["sharp", "pg-native"];
  return {
    entryPoints: [entry ?? path.join(root, parsed.dir, `${parsed.name}.ts`)],
    absWorkingDir: root,
    platform: "node",
    external: [...forceExternal, ...(nodejs.install ?? []), ...external],
    loader: nodejs.loader,
    keepNames: true,
    bundle: true,
    logLevel: "silent",
    metafile: true,
    format: "esm",
    target: "esnext",
    mainFields: ["module", "main"],
    banner: {
      js: [
        `import { createRequire as topLevelCreateRequire } from 'module';`,
        `const require = topLevelCreateRequire(import.meta.url);`,
        `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"`,
        `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))`,
        nodejs.banner ?? "",
      ].join("\n"),
    },
    outfile,
    sourcemap: nodejs.sourcemap !== false,
    minify: nodejs.minify,
    ...override,
  };
}

/** SST v2's deploy build of one function into `out` (a fresh folder). */
export async function bundleFunction(root: string, fn: AppFunction, out: string): Promise<Bundle> {
  const esbuild = sstEsbuild(root);
  const nodejs = fn.nodejs ?? {};
  const parsed = path.parse(fn.handler);
  const outfile = path.join(out, parsed.dir, `${parsed.name}.mjs`);
  const options = sstBuildOptions(root, fn, outfile);
  const result = await esbuild.build(options);
  const externals = [...new Set([...(nodejs.install ?? []), ...(nodejs.esbuild?.external ?? [])])];
  shipRuntimePackages(root, externals, out, `${process.platform}-${process.arch}`);
  for (const entry of fn.copyFiles ?? []) {
    await cp(path.join(root, entry.from), path.join(out, entry.to ?? entry.from), { recursive: true });
  }
  return {
    handler: fn.handler,
    folder: out,
    file: outfile,
    bundleBytes: (await stat(outfile)).size,
    shippedBytes: await folderBytes(out),
    packageBytes: packageBytes(result.metafile!),
    external: externals,
    loadedAtStart: Object.values(result.metafile!.outputs).flatMap((output) => output.imports.filter((i) => i.external && i.kind === "import-statement").map((i) => i.path)),
  };
}

/**
 * Imports a bundle in a fresh Node process, as Lambda's cold start does, with only the
 * environment a function gets; returns the import's milliseconds, or throws with its error.
 */
export function coldImport(bundle: Bundle, environment: Record<string, string>): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(bundle.file)}); process.stdout.write(String(performance.now() - t));`;
  const output = execFileSync(process.execPath, ["--input-type=module", "--no-warnings", "-e", script], {
    cwd: path.dirname(bundle.file),
    env: { PATH: process.env.PATH, AWS_REGION: "eu-central-1", ...environment },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  return Number(output);
}

function packageBytes(metafile: NonNullable<Awaited<ReturnType<Esbuild["build"]>>["metafile"]>) {
  const bytes = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input.split("/").slice(0, 2).join("/");
      bytes.set(name, (bytes.get(name) ?? 0) + bytesInOutput);
    }
  }
  return bytes;
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && !entry.name.endsWith(".map")) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}
