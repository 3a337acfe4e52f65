/**
 * pnpm secret:rotate --stage <stage> [--dry-run]
 *
 * Issue 47, point 2: rotates the origin secret (the header CloudFront sends to the API, stacks/origin-secret.ts)
 * without a moment where the two sides disagree. The secret is Secrets Manager's JSON {"current", "previous"};
 * the API and its authorizer accept both values, CloudFront sends `current`, and both read the version the
 * stage's ORIGIN_SECRET_VERSION names (in `.env.<stage>`), so a new version updates both in one deploy,
 * the Api stack before the Web stack:
 *
 *   1. put {"current": new, "previous": old} as a new version V1;
 *   2. ORIGIN_SECRET_VERSION=V1, deploy: the API accepts new and old, then CloudFront sends new
 *      (CloudFormation waits until every edge has the new configuration);
 *   3. put {"current": new} as V2;
 *   4. ORIGIN_SECRET_VERSION=V2, deploy: the API accepts only new.
 *
 * A deploy that fails leaves the stacks on their former version, which both sides still agree on; run
 * the script again (a new value; the old one stays accepted until its second deploy). The AWS CLI with
 * the usual credentials, in the stage's region (as the deploy takes it). --dry-run prints the plan only.
 */
import { execFile, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { stageRegion } from "../stacks/stage-env";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const USAGE = "Usage: pnpm secret:rotate --stage <stage> [--dry-run]";

export const originSecretName = (stage: string) => `${stage}-qr-menu-origin-secret`;

/** An AWS CLI call (`aws <service> <command> … --output json`), its JSON answer. */
export type AwsCli = (args: string[]) => Promise<Record<string, unknown>>;
/** `sst deploy --stage <stage>` with the stage's settings (ORIGIN_SECRET_VERSION now `version`). */
export type Deploy = (version: string) => Promise<void>;

export type RotationStep =
  | { kind: "put"; version: string; accepted: "new and old" | "new" }
  | { kind: "deploy"; version: string };

/** The four steps, in order, each version id chosen beforehand (Secrets Manager takes it as ClientRequestToken). */
export function rotationPlan(versions: [string, string]): RotationStep[] {
  return [
    { kind: "put", version: versions[0], accepted: "new and old" },
    { kind: "deploy", version: versions[0] },
    { kind: "put", version: versions[1], accepted: "new" },
    { kind: "deploy", version: versions[1] },
  ];
}

export function describePlan(stage: string, region: string, plan: RotationStep[]) {
  const lines = plan.map((step, i) =>
    step.kind === "put"
      ? `${i + 1}. put ${originSecretName(stage)} (${region}) version ${step.version}: ${step.accepted === "new" ? '{"current": new}' : '{"current": new, "previous": old}'}`
      : `${i + 1}. ORIGIN_SECRET_VERSION=${step.version} in .env.${stage}, sst deploy --stage ${stage}: the API accepts ${plan[i - 1]!.kind === "put" && (plan[i - 1] as { accepted: string }).accepted}, CloudFront sends new`,
  );
  return [`Rotating the origin secret of stage ${stage}:`, ...lines].join("\n");
}

const VERSION_LINE = /^\s*(export\s+)?ORIGIN_SECRET_VERSION\s*=\s*(.*?)\s*$/;

/** The version the stage's env file names: the one its stacks were last deployed with. */
export function recordedVersion(root: string, stage: string): string | undefined {
  const file = join(root, `.env.${stage}`);
  if (!existsSync(file)) return undefined;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = VERSION_LINE.exec(line);
    if (match) return match[2]!.replace(/^(["'])(.*)\1$/, "$2") || undefined;
  }
  return undefined;
}

/**
 * Sets (or, with none, removes) ORIGIN_SECRET_VERSION in the stage's env file. `sst deploy` reads the
 * file over the shell's environment, so the file is what the deploy takes, and what later deploys keep.
 */
export function recordVersion(root: string, stage: string, version: string | undefined) {
  const file = join(root, `.env.${stage}`);
  const lines = (existsSync(file) ? readFileSync(file, "utf8") : "").replace(/\n*$/, "").split("\n").filter((l, i, all) => l !== "" || i < all.length - 1);
  const kept = lines.filter((l) => !VERSION_LINE.test(l));
  writeFileSync(file, `${[...kept, ...(version ? [`ORIGIN_SECRET_VERSION=${version}`] : [])].join("\n")}\n`);
}

export async function rotateOriginSecret(options: {
  stage: string;
  region: string;
  root: string;
  aws: AwsCli;
  deploy: Deploy;
  log?: (line: string) => void;
  versions?: [string, string];
  newValue?: string;
}) {
  const { stage, region, root, aws, deploy, log = console.log } = options;
  const name = originSecretName(stage);
  const plan = rotationPlan(options.versions ?? [randomUUID(), randomUUID()]);
  log(describePlan(stage, region, plan));

  // What CloudFront sends now: `current` at the version the stacks were deployed with (a secret from
  // before rotation existed is a plain string, read at AWSCURRENT).
  const deployed = recordedVersion(root, stage);
  const read = await aws(["secretsmanager", "get-secret-value", "--secret-id", name, "--region", region, ...(deployed ? ["--version-id", deployed] : [])]);
  const raw = String(read.SecretString ?? "");
  let old = raw;
  try {
    const parsed = JSON.parse(raw) as { current?: unknown };
    if (parsed && typeof parsed === "object") old = typeof parsed.current === "string" ? parsed.current : "";
  } catch {
    // a plain string
  }
  if (!old) throw new Error(`${name} holds no value`);
  const fresh = options.newValue ?? randomBytes(36).toString("base64url");

  let current = deployed;
  for (const step of plan) {
    if (step.kind === "put") {
      const value = step.accepted === "new" ? { current: fresh } : { current: fresh, previous: old };
      await aws(["secretsmanager", "put-secret-value", "--secret-id", name, "--region", region, "--client-request-token", step.version, "--secret-string", JSON.stringify(value)]);
      log(`put version ${step.version}`);
    } else {
      recordVersion(root, stage, step.version);
      log(`deploying ${stage} with ORIGIN_SECRET_VERSION=${step.version}`);
      try {
        await deploy(step.version);
      } catch (error) {
        // CloudFormation rolled the stacks back to the version both sides agree on: the file says so again.
        recordVersion(root, stage, current);
        throw error;
      }
      current = step.version;
    }
  }
  log(`The origin secret of ${stage} is rotated (version ${current}).`);
}

/** The AWS CLI, its answer parsed. */
const awsCli: AwsCli = (args) =>
  new Promise((ok, fail) => {
    // AWS_PAGER: version 2 of the CLI would page its answer otherwise.
    execFile("aws", [...args, "--output", "json"], { maxBuffer: 1 << 20, env: { ...process.env, AWS_PAGER: "" } }, (error, stdout, stderr) => {
      if (error) return fail(new Error(`aws ${args.slice(0, 2).join(" ")}: ${stderr.trim() || error.message}`));
      ok(stdout.trim() ? (JSON.parse(stdout) as Record<string, unknown>) : {});
    });
  });

function sstDeploy(stage: string): Deploy {
  return (version) =>
    new Promise((ok, fail) => {
      const child = spawn("pnpm", ["--filter", "@menu/stacks", "exec", "sst", "deploy", "--stage", stage], {
        cwd: ROOT,
        stdio: "inherit",
        env: { ...process.env, ORIGIN_SECRET_VERSION: version },
      });
      child.once("exit", (code) => (code === 0 ? ok() : fail(new Error(`sst deploy --stage ${stage} failed (${code}); the stacks keep their former version: run pnpm secret:rotate again`))));
    });
}

async function main() {
  const { values } = parseArgs({ options: { stage: { type: "string" }, "dry-run": { type: "boolean" } } });
  if (!values.stage) throw new Error(USAGE);
  const stage = values.stage;
  const region = stageRegion(ROOT, stage, process.env);
  if (values["dry-run"]) {
    console.log(describePlan(stage, region, rotationPlan(["<version 1>", "<version 2>"])));
    return;
  }
  await rotateOriginSecret({ stage, region, root: ROOT, aws: awsCli, deploy: sstDeploy(stage) });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
