import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "../packages/local/src/dynamo";
import { cpuTicks, waitWhileProgressing } from "../packages/local/src/wait-while-progressing";

const root = resolve(import.meta.dirname, "..");

export type Runtime = { baseUrl: string; dataDir: string; child: ChildProcess; output: () => string; stop: () => Promise<number | null> };

/**
 * A new data folder holding a copy of `template`, the run's seeded and stopped data folder
 * (`inject("templateDir")`, runtime.global.ts): a runtime started on it finds the demo data and
 * skips the minutes of seeding. Each copy is its own, so a file that changes the demo menu leaves
 * the others' alone.
 */
export function copyOfTemplate(template: string, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(template, dir, { recursive: true });
  return dir;
}

/**
 * The vitest time limit of a hook or test that starts a runtime: only a backstop. A start fails
 * sooner, and says why, once the runtime has neither printed nor used CPU for 90 s.
 */
export const RUNTIME_START_MS = 900_000;

export async function startRuntime(dataDir: string, env: Record<string, string> = {}): Promise<Runtime> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "packages/local/src/main.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_NO_WARNINGS: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  // A runtime never outlives the process that started it (a vitest run ended by a signal).
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const exitCode = new Promise<number | null>((ok) =>
    child.once("exit", (code) => {
      process.off("exit", killOnExit);
      ok(code);
    }),
  );
  try {
    await waitWhileProgressing({
      what: `the runtime on ${dataDir} to answer ${baseUrl}/api/health`,
      ready: async () => {
        if (child.exitCode !== null) throw new Error(`The runtime exited (${child.exitCode}):\n${output}`);
        return fetch(`${baseUrl}/api/health`).then((r) => r.ok && output.includes("running on"), () => false);
      },
      progress: () => [output.length, cpuTicks(child.pid)],
      stallMs: 90_000,
      details: () => output,
    });
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    baseUrl,
    dataDir,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGINT");
      return exitCode;
    },
  };
}

/** Runs a second runtime process to completion (for the lock test) and returns its exit code and output. */
export function runUntilItEnds(dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((ok) => {
    const child = spawn(process.execPath, ["--import", "tsx", "packages/local/src/main.ts"], {
      cwd: root,
      env: { ...process.env, PORT: "0", DATA_DIR: dataDir, NODE_NO_WARNINGS: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.once("exit", (code) => ok({ code, output }));
  });
}
