import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The settings of a stage's env files, as SST loads them (`.env`, `.env.local`, `.env.<stage>`,
 * `.env.<stage>.local`, later files winning), for the two places that need them before SST has
 * loaded them: sst.config.ts's region (SST asks for it first) and the WAF app (stacks/waf), whose
 * project folder is not the repository root where the operator keeps `.env.<stage>`.
 */
export function readStageEnv(dir: string, stage: string | undefined): Record<string, string> {
  const files = [".env", ".env.local", ...(stage ? [`.env.${stage}`, `.env.${stage}.local`] : [])];
  const values: Record<string, string> = {};
  for (const file of files.map((f) => path.join(dir, f)).filter((f) => existsSync(f))) {
    for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
      const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
      if (!match) continue;
      const raw = match[2]!;
      const quoted = /^(["'])(.*)\1$/.exec(raw);
      values[match[1]!] = quoted ? quoted[2]! : raw.replace(/\s+#.*$/, "");
    }
  }
  return values;
}

/** The region of a stage as sst.config.ts takes it: AWS_REGION of its env files, else of `env`, else eu-central-1. */
export function stageRegion(dir: string, stage: string | undefined, env: Record<string, string | undefined>) {
  return readStageEnv(dir, stage).AWS_REGION || env.AWS_REGION || DEFAULT_REGION;
}

export const DEFAULT_REGION = "eu-central-1";

/** The folder of the nearest sst.config.ts from `dir` up, as SST finds its project (the repository root). */
export function projectRoot(dir: string): string {
  if (existsSync(path.join(dir, "sst.config.ts"))) return dir;
  const parent = path.dirname(dir);
  return parent === dir ? dir : projectRoot(parent);
}
