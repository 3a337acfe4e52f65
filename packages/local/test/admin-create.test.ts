/**
 * `pnpm admin:create` (packages/local/src/admin-create.ts) run as a command, against a local data
 * folder (its own DynamoDB Local on the folder's files) and against a "deployed stage" (the test
 * run's DynamoDB Local standing in for DynamoDB, through DYNAMODB_ENDPOINT).
 */
import { execFile } from "node:child_process";
import { access, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { configureDb } from "@menu/core";
import { db } from "@menu/core/db/client";
import { verifyPassword } from "@menu/core/auth/password";
import { userByEmail } from "@menu/core/auth/user";
import { afterAll, describe, expect, inject, it } from "vitest";
import { startDynamo } from "../src/dynamo";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const PASSWORD = "correct horse battery";
/** Each run starts Node with tsx, and the local ones DynamoDB Local too: slow on a loaded machine. */
const SLOW = 240_000;

/**
 * Runs the command as `pnpm admin:create` does, with `stdin` piped in (the password's line, as
 * `printf '%s\n' "$PASSWORD" | pnpm admin:create …` gives it); resolves with its exit code and output.
 */
function adminCreate(args: string[], env: Record<string, string>, stdin = `${PASSWORD}\n`) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    const child = execFile(
      process.execPath,
      ["--import", "tsx", "packages/local/src/admin-create.ts", ...args],
      { cwd: root, env: { PATH: process.env.PATH, NODE_NO_WARNINGS: "1", ...env } },
      (error, stdout, stderr) => done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(stdin);
  });
}

const folders: string[] = [];
const dataFolder = async () => {
  const dir = await mkdtemp(join(tmpdir(), "admin-create-"));
  folders.push(dir);
  return dir;
};
afterAll(() => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true }))));

describe("pnpm admin:create in a local data folder", () => {
  it("creates a platform admin who signs in with that password", async () => {
    const dir = await dataFolder();
    const created = await adminCreate(["--email", "Owner@Example.com"], { DATA_DIR: dir });
    expect(created).toMatchObject({ code: 0, stdout: expect.stringContaining(`Platform admin owner@example.com created in the local data folder ${dir}`) });


    // What the local runtime will find in the folder (its table is "menu").
    const previous = db();
    const dynamo = await startDynamo({ path: join(dir, "dynamodb") });
    try {
      configureDb({ table: "menu", endpoint: dynamo.endpoint });
      const user = await userByEmail("owner@example.com");
      expect(user).toMatchObject({ role: "admin", company_id: "platform", email_confirmed: true });
      expect(await verifyPassword(PASSWORD, user!.password_hash)).toBe(true);
    } finally {
      configureDb({ table: previous.table, endpoint: inject("dynamoEndpoint") });
      await dynamo.stop();
    }
  }, SLOW);

  it("refuses while the local runtime holds the folder", async () => {
    const dir = await dataFolder();
    // The lock of a live process (this one), as the runtime leaves it.
    await writeFile(join(dir, ".lock"), String(process.pid));
    const result = await adminCreate(["--email", "owner@example.com"], { DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The data folder ${dir} is in use by process ${process.pid}`);
  }, SLOW);

  it("answers a bad e-mail address and a weak password with sign-up's messages, before touching any data", async () => {
    const dir = join(await dataFolder(), "never-made");
    const result = await adminCreate(["--email", "owner-at-example.com"], { DATA_DIR: dir }, "short\n");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("--email: This is an invalid email address");
    expect(result.stderr).toContain("The password: Minimum length is 8 characters");
    const missing = await adminCreate(["--email", "owner@example.com"], { DATA_DIR: dir }, "");
    expect(missing.stderr).toContain("The password: This field is required");
    // Never on the command line: the shell's history and the process list would keep it.
    const argument = await adminCreate(["--email", "owner@example.com", "--password", PASSWORD], { DATA_DIR: dir });
    expect(argument.code).toBe(1);
    expect(argument.stderr).toContain("--password is not taken");
    const unknown = await adminCreate(["--mail", "owner@example.com"], { DATA_DIR: dir });
    expect(unknown.stderr).toContain("Unknown option '--mail'");
    await expect(access(dir)).rejects.toThrow();
  }, SLOW);
});

describe("pnpm admin:create --stage", () => {
  const stage = () => ({ DYNAMODB_ENDPOINT: inject("dynamoEndpoint"), AWS_REGION: "eu-central-1" });

  it("creates the admin in the stage's table, once per e-mail address", async () => {
    const { table } = db();
    const result = await adminCreate(["--stage", "prod", "--email", "ops@example.com"], { ...stage(), TABLE_NAME: table });
    expect(result).toMatchObject({ code: 0, stdout: expect.stringContaining(`created in table ${table} in eu-central-1 (stage prod)`) });
    const user = await userByEmail("ops@example.com");
    expect(user).toMatchObject({ role: "admin", company_id: "platform" });
    expect(await verifyPassword(PASSWORD, user!.password_hash)).toBe(true);

    const again = await adminCreate(["--stage", "prod", "--email", "OPS@example.com"], { ...stage(), TABLE_NAME: table });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("OPS@example.com: This email address already exists");
  }, SLOW);

  it("names the table it looked for when the stage has none", async () => {
    const result = await adminCreate(["--stage", "nowhere", "--email", "ops@example.com"], stage());
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("There is no table nowhere-qr-menu-menu in eu-central-1");
  }, SLOW);
});
