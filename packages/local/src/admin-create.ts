/**
 * pnpm admin:create --email <address> [--stage <stage>]
 *
 * Creates a platform admin (role admin), the account that runs the service. The password is typed at
 * a prompt that does not echo it (twice), or read from the first line of standard input when that is
 * not a terminal (`printf '%s\n' "$PASSWORD" | pnpm admin:create …`): never an argument, which would
 * stay in the shell's history and be visible to every user of the machine in the process list.
 * - Without --stage: in the local data folder (DATA_DIR, default ./data, as `pnpm start`). It
 *   takes the folder's lock, so it refuses while the local runtime runs: stop it first.
 * - With --stage: in that deployed stage's table, `<stage>-qr-menu-menu` (stacks/Database.ts), in
 *   the stage's region as sst.config.ts takes it (AWS_REGION of `.env.<stage>`, else of the shell,
 *   else eu-central-1), with the usual AWS credentials (AWS_PROFILE, ...). TABLE_NAME names another table.
 */
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { configureDb, ensureTable, tableExists, UserError } from "@menu/core";
import { createPlatformAdmin, PlatformAdmin } from "@menu/core/user/platform-admin";
import { startDynamo } from "./dynamo";
import { lockDataDir } from "./lock";
import { readPassword } from "./password-input";
import { stageRegion } from "../../../stacks/stage-env";

const USAGE = "Usage: pnpm admin:create --email <address> [--stage <stage>]  (the password is asked for, or read from standard input)";
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** Where the account goes; the caller undoes `open` with the returned `close`. */
type Target = { describe: string; open: () => Promise<() => Promise<void>> };

function deployedStage(stage: string): Target {
  const table = process.env.TABLE_NAME || `${stage}-qr-menu-menu`;
  const region = stageRegion(ROOT, stage, process.env);
  return {
    describe: `table ${table} in ${region} (stage ${stage})`,
    async open() {
      const { client } = configureDb({ table, region, endpoint: process.env.DYNAMODB_ENDPOINT });
      if (!(await tableExists(client, table))) {
        throw new Error(`There is no table ${table} in ${region}. Deploy the stage first, or set TABLE_NAME and AWS_REGION.`);
      }
      return async () => client.destroy();
    },
  };
}

function localDataFolder(dataDir: string): Target {
  return {
    describe: `the local data folder ${dataDir}`,
    async open() {
      await mkdir(dataDir, { recursive: true });
      const lock = await lockDataDir(dataDir);
      if (!lock.held) {
        throw new Error(`The data folder ${dataDir} is in use by process ${lock.owner} (the local runtime?). Stop it, then run this again.`);
      }
      try {
        const dynamo = await startDynamo({ path: join(dataDir, "dynamodb") });
        // The table the local runtime uses (packages/local/src/main.ts).
        const { client, table } = configureDb({ table: "menu", endpoint: dynamo.endpoint });
        await ensureTable(client, table);
        return async () => {
          client.destroy();
          await dynamo.stop();
          await lock.release();
        };
      } catch (error) {
        await lock.release();
        throw error;
      }
    },
  };
}

async function main(argv: string[]) {
  let values: { email?: string; password?: string; stage?: string };
  try {
    ({ values } = parseArgs({ args: argv, options: { email: { type: "string" }, password: { type: "string" }, stage: { type: "string" } } }));
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.password !== undefined) {
    return fail(`--password is not taken: the shell's history and the process list would keep it. Type it when asked, or pipe it in.\n${USAGE}`);
  }
  let password: string;
  try {
    password = await readPassword(process.stdin, process.stderr);
  } catch (error) {
    return fail((error as Error).message);
  }
  // Checked before any database is touched: sign-up's rules.
  const input = PlatformAdmin.safeParse({ email: values.email ?? "", password });
  if (!input.success) return fail([...input.error.issues.map((i) => `${i.path[0] === "password" ? "The password" : `--${i.path.join(".")}`}: ${i.message}`), USAGE].join("\n"));

  const target = values.stage ? deployedStage(values.stage) : localDataFolder(resolve(process.env.DATA_DIR ?? "./data"));
  let close: (() => Promise<void>) | undefined;
  try {
    close = await target.open();
    const admin = await createPlatformAdmin({ email: values.email!, password });
    console.log(`Platform admin ${admin.email} created in ${target.describe}. Sign in at /login.`);
  } catch (error) {
    // UserError: the e-mail address has an account already.
    return fail(error instanceof UserError ? `${values.email}: ${error.message}` : (error as Error).message);
  } finally {
    await close?.();
  }
}

function fail(message: string) {
  console.error(message);
  process.exitCode = 1;
}

await main(process.argv.slice(2));
