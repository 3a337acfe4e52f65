import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { App, FunctionProps } from "sst/constructs";
import { useProject } from "sst/project.js";
import { OCR_LANGUAGES, ocrLangPath } from "../packages/core/src/import/reading/photo-tessdata";
import { PDF_FONT_FILES } from "../packages/core/src/render/pdf-font-files";

/**
 * What a function draws or reads, and so which libraries it carries. A library a function does
 * not use is left out of its bundle: imports of it get a stand-in that throws when used, so
 * modules that use it may still be imported by a function that never calls them (the scheduler
 * and the workers reach the export and invoice modules through the job and plan modules; the API
 * reaches the photo reader through the reading job's module).
 *
 * pdfkit (reads its font metrics from its own folder, with the font files of
 * packages/core/src/render/pdf-font-files.ts, not the font packages with all their weights) and
 * sharp (native) are shipped as packages beside the bundle, and so are qrcode, the sheet libraries
 * and the document readers (pdfjs-dist, mammoth), which their modules load at their first use
 * (`import()`): a cold start that draws no sheet or code and reads no document does not parse them
 * (the API bundle stays under 1.5 MB, decision 053). tesseract.js runs its own worker script and
 * loads its wasm core from its packages' folders, so it can only be shipped; its language data
 * (Debian's, from the build machine: photo-tessdata.ts) goes beside it, in OCR_DATA_DIR. So does
 * libheif-js, which decodes an iPhone's HEIC photo (render/photo-heic.ts) with its `.wasm` file.
 * The packages are copied from the workspace with their dependencies, so a function runs exactly
 * the versions the tests load; only the native parts (sharp's, and pdfjs-dist's @napi-rs/canvas's)
 * are fetched, for Lambda's linux-arm64, at the versions those releases name. Not SST's `nodejs.install`: it would `npm install`
 * pdfkit's dependencies at whatever versions the registry has that day, and it installs
 * sharp@0.32.6 in place of any sharp (sst/runtime/handlers/node.js).
 */
export type Draws = { pdf?: boolean; images?: boolean; sheets?: boolean; documents?: boolean; ocr?: boolean };

const LIBRARIES: Record<keyof Draws, { packages: string[]; shipped: boolean }> = {
  pdf: { packages: ["pdfkit", "qrcode"], shipped: true },
  images: { packages: ["sharp"], shipped: true },
  sheets: { packages: ["write-excel-file", "read-excel-file"], shipped: true },
  documents: { packages: ["pdfjs-dist", "mammoth"], shipped: true },
  ocr: { packages: ["tesseract.js", "libheif-js"], shipped: true },
};
/** Lambda's platform (sst.config.ts: arm_64), as sharp names its native packages. */
export const LAMBDA_PLATFORM = "linux-arm64";

/**
 * The bundling props of a function (`nodejs` and `hooks`), minified (SST uploads the source maps
 * apart). The shipped packages are esbuild externals (SST then also skips its own sharp install)
 * and are copied in after SST's build, when deploying only (tests and `sst dev` skip it).
 */
export function bundling(app: App, draws: Draws): Pick<FunctionProps, "nodejs" | "hooks"> {
  const kinds = Object.keys(LIBRARIES) as (keyof Draws)[];
  const shipped = kinds.filter((kind) => draws[kind] && LIBRARIES[kind].shipped).flatMap((kind) => LIBRARIES[kind].packages);
  const absent = kinds.filter((kind) => !draws[kind]).flatMap((kind) => LIBRARIES[kind].packages);
  return {
    nodejs: { format: "esm", minify: true, esbuild: { external: shipped, plugins: [leaveOut(absent), zodWithoutLocales] } },
    hooks:
      app.mode === "deploy" && !app.isRunningSSTTest()
        ? { afterBuild: async (_props, out) => shipRuntimePackages(useProject().paths.root, shipped, out, LAMBDA_PLATFORM) }
        : undefined,
  };
}

/** esbuild's types, as SST's props name them (esbuild is SST's dependency, not the workspace's). */
export type BuildOptions = NonNullable<NonNullable<FunctionProps["nodejs"]>["esbuild"]>;
type Plugin = NonNullable<BuildOptions["plugins"]>[number];
export type Esbuild = Parameters<Plugin["setup"]>[0]["esbuild"];

/**
 * esbuild plugin: the packages (and their subpaths) become a stand-in with the same exports, each
 * throwing when used (called, constructed, or a property read).
 */
export function leaveOut(packages: string[]): Plugin {
  // Package names hold no regular-expression characters but "-", "/" (which match themselves here) and ".".
  const filter = new RegExp(`^(${packages.map((name) => name.replaceAll(".", "\\.")).join("|")})(/.*)?$`);
  return {
    name: "leave-out",
    setup(build) {
      if (packages.length === 0) return;
      build.onResolve({ filter }, async (args) => {
        if (args.pluginData === "real") return undefined;
        const real = await build.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: "real" });
        return { path: args.path, namespace: "left-out", pluginData: real.path };
      });
      build.onLoad({ filter: /.*/, namespace: "left-out" }, async (args) => {
        const names = (await exportNames(build.esbuild, args.pluginData as string)).filter((name) => name !== "default");
        const message = `${args.path} is not in this function's bundle: say what the function draws in its bundling (stacks/bundling.ts)`;
        return {
          loader: "js",
          // A function, not an arrow: `new` reaches the construct trap only on a constructor.
          contents: [
            `function fail() { throw new Error(${JSON.stringify(message)}); }`,
            `const standIn = new Proxy(fail, { get: (_, key) => (typeof key === "symbol" ? undefined : fail()), apply: fail, construct: fail });`,
            `export default standIn;`,
            ...names.map((name) => `export { standIn as ${name} };`),
          ].join("\n"),
        };
      });
    },
  };
}

/**
 * A module's export names: an ES module's as esbuild reads them, without running it; a CommonJS
 * module's (tesseract.js) as Node's `import` names them, which loads it (it only defines them).
 */
async function exportNames(esbuild: Esbuild, file: string): Promise<string[]> {
  const { metafile } = await esbuild.build({ entryPoints: [file], bundle: false, write: false, metafile: true, format: "esm", platform: "node", logLevel: "silent" });
  if (Object.values(metafile.inputs)[0]?.format !== "cjs") return Object.values(metafile.outputs)[0]!.exports;
  return Object.keys((await import(pathToFileURL(file).href)) as object).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
}

/**
 * esbuild plugin: zod re-exports its 40-odd message translations as a namespace (`z.locales`)
 * that esbuild keeps whole, about 260 KB of a minified bundle. The functions use none (zod's
 * English messages, imported on their own, stay), so the namespace is empty in a bundle.
 */
export const zodWithoutLocales: Plugin = {
  name: "zod-without-locales",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]/.test(args.importer) ? { path: "locales", namespace: "zod-without-locales" } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "zod-without-locales" }, () => ({ contents: "export {};", loader: "js" }));
  },
};

/**
 * Copies the shipped packages (with their dependencies, as npm would lay them out) and, with
 * pdfkit, the PDF font files into `out/node_modules`; with tesseract.js, the OCR's language data
 * into `out/OCR_DATA_DIR`. The bundle test runs the same for the host.
 */
export function shipRuntimePackages(root: string, external: string[], out: string, platform: string) {
  const modules = path.join(out, "node_modules");
  const placed = new Map<string, string>();
  const core = path.join(root, "packages/core");
  for (const name of external) {
    copyWithDependencies(name, core, modules, modules, placed);
    if (name === "pdfkit") {
      for (const file of Object.values(PDF_FONT_FILES)) {
        const from = createRequire(path.join(core, "package.json")).resolve(file);
        mkdirSync(path.dirname(path.join(modules, file)), { recursive: true });
        cpSync(from, path.join(modules, file));
      }
    }
    if (name === "tesseract.js") {
      // The build machine's: its OCR_LANG_PATH, else Debian's tesseract-ocr-* folders (./menu and .ci/run install them).
      const data = ocrLangPath();
      mkdirSync(path.join(out, OCR_DATA_DIR), { recursive: true });
      for (const lang of OCR_LANGUAGES) cpSync(path.join(data, `${lang}.traineddata`), path.join(out, OCR_DATA_DIR, `${lang}.traineddata`));
    }
  }
  for (const [name, source] of placed) if (NATIVE[name]) shipNative(name, source, modules, platform);
}

/** The OCR's language data beside the bundle: the read worker's OCR_LANG_PATH, relative to Lambda's working folder (the bundle's root). */
export const OCR_DATA_DIR = "tessdata";

/**
 * The native parts of shipped packages, by the platform's name as sharp gives Lambda's (linux-arm64).
 * @napi-rs/canvas's are glibc's (Lambda's Amazon Linux).
 */
const NATIVE: Record<string, (platform: string) => string[]> = {
  sharp: (platform) => [`@img/sharp-${platform}`, `@img/sharp-libvips-${platform}`],
  "@napi-rs/canvas": (platform) => [`@napi-rs/canvas-${platform}-gnu`],
};

/**
 * Optional dependencies shipped all the same: pdfjs-dist's Node build takes DOMMatrix from
 * @napi-rs/canvas as it loads (Node has none), and without it throws at its import.
 */
const OPTIONAL_SHIPPED: Record<string, string[]> = { "pdfjs-dist": ["@napi-rs/canvas"] };

/** A package's native packages for a platform: the workspace's for this machine, else from npm. */
function shipNative(name: string, dir: string, modules: string, platform: string) {
  const { optionalDependencies = {} } = readPackage(dir);
  const host = `${process.platform}-${process.arch}`;
  for (const native of NATIVE[name]!(platform)) {
    const version = optionalDependencies[native];
    if (!version) throw new Error(`${name} has no native package ${native} for ${platform}`);
    const to = path.join(modules, native);
    if (platform === host) {
      cpSync(findPackage(native, dir)!, to, { recursive: true, dereference: true });
      continue;
    }
    // Not installable here (another CPU): the registry's tarball, unpacked as npm would.
    const tmp = mkdtempSync(path.join(os.tmpdir(), "native-"));
    try {
      const tarball = execFileSync("npm", ["pack", `${native}@${version}`, "--silent"], { cwd: tmp, encoding: "utf8" }).trim();
      mkdirSync(to, { recursive: true });
      execFileSync("tar", ["-xzf", path.join(tmp, tarball), "--strip-components=1", "-C", to]);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
}

/**
 * Copies a package from where `from` resolves it, then its dependencies (not optional ones, like
 * SST's `npm install --omit=optional`, but those of OPTIONAL_SHIPPED). A second version of a name
 * goes under its dependent.
 */
function copyWithDependencies(name: string, from: string, modules: string, nested: string, placed: Map<string, string>) {
  const source = findPackage(name, from);
  if (!source) throw new Error(`${name} is not installed for ${from}`);
  const top = placed.get(name);
  if (top === source) return;
  const target = top === undefined ? path.join(modules, name) : path.join(nested, name);
  if (top === undefined) placed.set(name, source);
  // Not its own node_modules (pnpm's links; dependencies are copied on their own), nor source maps, nor what Node never loads.
  const skip = (file: string) => file.startsWith(path.join(source, "node_modules")) || file.endsWith(".map") || LEFT_BEHIND[name]?.test(file) === true;
  cpSync(source, target, { recursive: true, dereference: true, filter: (file) => !skip(file) });
  for (const dependency of [...Object.keys(readPackage(source).dependencies ?? {}), ...(OPTIONAL_SHIPPED[name] ?? [])]) {
    copyWithDependencies(dependency, source, modules, path.join(target, "node_modules"), placed);
  }
}

/**
 * Files of a shipped package that Node never loads: tesseract.js-core's builds with the wasm inlined
 * as base64 (for bundlers; 26 MB), where its Node loader reads the `.wasm` file beside each build;
 * libheif-js's pure-JavaScript build (3 MB) and its builds with the wasm inlined (4 MB), where
 * render/photo-heic.ts loads libheif-wasm/libheif.js with the `.wasm` file beside it.
 */
const LEFT_BEHIND: Record<string, RegExp> = {
  "tesseract.js-core": /\.wasm\.js$/,
  "libheif-js": /libheif-js[\\/](libheif([\\/]|$)|libheif-wasm[\\/]libheif-bundle\.m?js$)/,
};

/** Node's lookup of `node_modules/<name>` upwards from a folder, as a real path. */
export function findPackage(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (existsSync(path.join(candidate, "package.json"))) return realpathSync(candidate);
    if (dir === path.dirname(dir)) return undefined;
  }
}

function readPackage(dir: string) {
  return JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as {
    version: string;
    dependencies?: Record<string, string>;
    optionalDependencies?: Record<string, string>;
  };
}
