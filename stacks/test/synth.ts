/**
 * Offline synth of the whole SST app (sst.config.ts), no AWS account needed; one app per test file
 * (SST keeps the project and the stacks in module state, and vitest runs each file in its own worker).
 *
 * SST v2 builds each Function in a deferred task during `app.finish()` by running
 * esbuild on the handler file. The handlers live in packages/functions and are not
 * what these tests are about, so the Node runtime handler's `build` is replaced by a
 * stub that writes a one-line module at the path SST's own build would produce
 * (`<out>/packages/functions/src/api.mjs` -> handler `packages/functions/src/api.handler`).
 * Everything else (deploy mode, asset code, runtime from the props, permissions,
 * cross-stack references) is the real SST code path.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Stack } from "aws-cdk-lib";
import { App } from "sst/constructs";
import { useProject } from "sst/project.js";
import { initSstProject } from "../init-project";
import { useRuntimeHandlers } from "sst/runtime/handlers.js";
import mainConfig from "../../sst.config";

export const root = fileURLToPath(new URL("../..", import.meta.url));

type Config = { stacks: (app: App) => unknown };

/**
 * Builds the app for `stage` with `env` as the deploy-time settings; the handlers "built", in order.
 * By default the main app (sst.config.ts); `dir` and `config` name another (the WAF app in stacks/waf).
 */
export async function synth(
  stage: string,
  env: Record<string, string | undefined>,
  {
    dir = root,
    config = mainConfig as Config,
    region = "eu-central-1",
    before,
  }: { dir?: string; config?: Config; region?: string; before?: (app: App) => void } = {},
) {
  // SST skips its AWS calls (bootstrap lookup) when NODE_ENV is "test"; Web.ts skips the SPA build.
  process.env.NODE_ENV = "test";
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await initSstProject({ root: dir, stage });
  const built: string[] = [];
  const node = useRuntimeHandlers().for("nodejs22.x");
  node.build = async ({ out, props }) => {
    const handler = props.handler!;
    built.push(handler);
    const parsed = path.parse(handler); // dir/name.export
    await mkdir(path.join(out, parsed.dir), { recursive: true });
    await writeFile(path.join(out, parsed.dir, `${parsed.name}.mjs`), `export const ${parsed.ext.slice(1)} = async () => ({});\n`);
    return { type: "success", handler };
  };
  const project = useProject();
  const app = newApp(() => new App(
    { mode: "deploy", name: project.config.name, stage, region, account: "123456789012" },
    { outdir: path.join(project.paths.out, `cdk.out.${stage}`) },
  ));
  await config.stacks(app);
  // E.g. aspects that must see the app before it is finished (the rule packs, nag.test.ts).
  before?.(app);
  await app.finish();
  return { app, built };
}

/**
 * SST's App rewrites the project's shared `.sst/types` folder (removes it, writes it again): two
 * test files building apps at once can remove it under each other (ENOTEMPTY, seen under load). A
 * next try finds it settled.
 */
function newApp(make: () => App): App {
  for (let attempt = 1; ; attempt++) {
    try {
      return make();
    } catch (error) {
      if (attempt === 3 || !/ENOTEMPTY|ENOENT/.test(String(error))) throw error;
    }
  }
}

/**
 * What AWS's rule packs (cdk-nag, applied with `before: checkWithRulePacks`) found on a synthesized
 * app, read from the stacks' messages in one synthesis: the findings left unsuppressed, and how
 * many suppressions (each with its reason) the templates carry.
 */
export function ruleFindings(app: App) {
  const assembly = app.synth();
  const findings: string[] = [];
  let suppressed = 0;
  for (const stack of app.node.children.filter((c): c is Stack => c instanceof Stack)) {
    for (const message of assembly.getStackArtifact(stack.artifactId).messages) {
      const text = String(message.entry.data);
      if (/^(AwsSolutions|Serverless)-/.test(text)) findings.push(`${message.id}: ${text.split("\n")[0]}`);
    }
    suppressed += JSON.stringify(assembly.getStackArtifact(stack.artifactId).template).split('"cdk_nag"').length - 1;
  }
  return { findings, suppressed };
}
