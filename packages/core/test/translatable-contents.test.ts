/**
 * Issue 51, point 3: the translation engine knows contents only through its registry, which the
 * entry points fill at composition (registerTranslatableContents). Every type a translation row may
 * name has a content in each entry's registry: the tests' setup, the Lambdas' cold start (run in a
 * process of its own, so nothing registered by this one counts), and the local runtime's start.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { TARGET_TYPES } from "@menu/core/shared/model";
import { contentOf, translatableTypes } from "@menu/core/translation/contents";

const ROOT = resolve(import.meta.dirname, "../../..");

describe("the registry of translatable contents", () => {
  it("knows every type a translation row may name, in the sweep's order", () => {
    expect(translatableTypes()).toEqual([...TARGET_TYPES]);
    for (const type of TARGET_TYPES) expect(contentOf(type).load).toBeTypeOf("function");
  });

  it("is filled by the Lambdas' cold start", async () => {
    const script = [
      "(async () => {",
      `const { configureCloud } = await import(${JSON.stringify(resolve(ROOT, "packages/functions/src/cloud.ts"))});`,
      `const { translatableTypes } = await import("@menu/core/translation/contents");`,
      `configureCloud({ TABLE_NAME: "menu" });`,
      `console.log(JSON.stringify(translatableTypes()));`,
      "})();",
    ].join("\n");
    const env = { ...process.env, AUTH_SECRET: "x", PAYMENT_WEBHOOK_SECRET: "x", PUBLIC_BASE_URL: "http://localhost" };
    const { stdout } = await promisify(execFile)(resolve(ROOT, "node_modules/.bin/tsx"), ["--eval", script], { cwd: resolve(ROOT, "packages/functions"), env });
    expect(JSON.parse(stdout.trim().split("\n").at(-1)!)).toEqual([...TARGET_TYPES]);
  });

  it("is filled by the local runtime before it serves or runs a job", () => {
    // main.ts starts DynamoDB and a server when imported: its composition is read, not run.
    const main = readFileSync(resolve(ROOT, "packages/local/src/main.ts"), "utf8");
    const registered = main.indexOf("registerTranslatableContents();");
    expect(registered).toBeGreaterThan(0);
    expect(registered).toBeLessThan(main.indexOf("createLocalApp("));
    expect(registered).toBeLessThan(main.indexOf("resumeTranslations("));
  });
});
