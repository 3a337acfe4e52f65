/**
 * Rendering adapter: the rows of an Excel workbook's first sheet, read by a small pool of worker
 * threads (sheet-worker.ts), so that parsing never runs on the thread that answers requests. A
 * read that takes longer than `timeoutMs` is stopped (its worker is terminated and replaced); a
 * worker that runs out of its memory ends the same way. Called by the menu import
 * (import/menu-import-sheet.ts), which sets the limits and judges the cells.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { UserError } from "../shared/errors";
import { SHEET_WORKER_ROLE, type SheetLimits, type SheetRead, type SheetRequest } from "./sheet-worker";

/** Workers at most: parsing may take every core but one, and always two (one hostile file must not hold every import). */
const POOL_SIZE = Math.min(4, Math.max(2, availableParallelism() - 1));
/** Reads waiting for a worker at most; more are answered 503 at once rather than queued without end. */
const QUEUE_MAX = 16;
/** One worker's heap: the library's objects for the largest sheet allowed (the unpacked entries, ≤ 18 MB, are buffers outside it). */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 48, stackSizeMb: 4 };

/**
 * From source (tsx, vitest) the worker is sheet-worker.ts, loaded through tsx; in a Lambda bundle
 * there is no such file, so the worker runs the bundle itself, whose copy of sheet-worker.ts
 * serves requests when it sees its role in `workerData`.
 */
function startWorker() {
  const options = { workerData: { role: SHEET_WORKER_ROLE }, resourceLimits: RESOURCE_LIMITS };
  // Not the process's own flags (say, --input-type): the bundle is a file, loaded as Node loads it.
  if (!import.meta.url.endsWith(".ts")) return new Worker(new URL(import.meta.url), { ...options, execArgv: [] });
  const entry = new URL("./sheet-worker.ts", import.meta.url).href;
  const boot = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

/** Reads one owner (a store) may have in flight or waiting: one manager cannot take every worker. */
const PER_OWNER_MAX = 2;

type Task = SheetRequest & { owner: string; timeoutMs: number; done: (read: SheetRead) => void; failed: (error: unknown) => void };
type Pooled = { worker: Worker; ready: Promise<void>; forget?: () => void };
const idle: Pooled[] = [];
const waiting: Task[] = [];
const perOwner = new Map<string, number>();
let started = 0;

function start(): Pooled {
  const worker = startWorker();
  started++;
  const ready = new Promise<void>((resolve, reject) => {
    const settle = (error?: unknown) => {
      worker.off("message", loaded).off("error", settle).off("exit", settle);
      if (error === undefined) resolve();
      else reject(error instanceof Error ? error : new Error("The sheet worker stopped while starting"));
    };
    const loaded = () => settle();
    worker.on("message", loaded).on("error", settle).on("exit", settle);
  });
  return { worker, ready };
}

/** A worker that is gone: the pool may start another, and the next read waiting gets it. */
function replace(pooled: Pooled) {
  started--;
  void pooled.worker.terminate();
  const next = waiting.shift();
  if (next) assign(next);
}

async function run(pooled: Pooled, task: Task) {
  const { worker } = pooled;
  worker.ref();
  try {
    // The read's clock starts once the worker is loaded (tsx, or a whole bundle, takes a moment).
    await pooled.ready;
  } catch {
    task.failed(new UserError("serviceBusy", 503));
    return replace(pooled);
  }
  const stop = () => {
    clearTimeout(timer);
    worker.off("message", answered).off("error", crashed).off("exit", exited);
  };
  const answered = (read: SheetRead) => {
    stop();
    task.done(read);
    release(pooled);
  };
  // Out of memory or a crash of the library: the file is refused, the worker replaced.
  const crashed = () => {
    stop();
    task.done({ refused: "notASheet" });
    replace(pooled);
  };
  const exited = () => {
    stop();
    task.failed(new Error("The sheet worker stopped"));
    replace(pooled);
  };
  const timer = setTimeout(() => {
    stop();
    task.done({ refused: "parseTooSlow" });
    replace(pooled);
  }, task.timeoutMs);
  worker.on("message", answered).on("error", crashed).on("exit", exited);
  worker.postMessage({ bytes: task.bytes, limits: task.limits } satisfies SheetRequest);
}

function release(pooled: Pooled) {
  const next = waiting.shift();
  if (next) return void run(pooled, next);
  pooled.worker.unref();
  // An idle worker that dies leaves the pool at once, rather than fail the next read.
  const gone = () => {
    idle.splice(idle.indexOf(pooled), 1);
    replace(pooled);
  };
  pooled.worker.once("exit", gone);
  pooled.forget = () => pooled.worker.off("exit", gone);
  idle.push(pooled);
}

function assign(task: Task) {
  const pooled = idle.pop();
  if (pooled) {
    pooled.forget?.();
    return void run(pooled, task);
  }
  if (started < POOL_SIZE) return void run(start(), task);
  if (waiting.length >= QUEUE_MAX) return task.failed(new UserError("serviceBusy", 503));
  waiting.push(task);
  // Waiting is bounded too: a read not started within its time is answered "busy".
  setTimeout(() => {
    const at = waiting.indexOf(task);
    if (at < 0) return;
    waiting.splice(at, 1);
    task.failed(new UserError("serviceBusy", 503));
  }, task.timeoutMs).unref();
}

/**
 * The first sheet's rows, or why the file was refused; nothing of the file is parsed on this
 * thread. `owner` (a store) may have PER_OWNER_MAX reads at once; more are answered 429.
 */
export function sheetRows(bytes: Uint8Array, owner: string, limits: SheetLimits & { timeoutMs: number }): Promise<SheetRead> {
  const { timeoutMs, ...sheetLimits } = limits;
  const mine = perOwner.get(owner) ?? 0;
  // The store's own limit, not the service's: "too many at once", as any other rate limit.
  if (mine >= PER_OWNER_MAX) return Promise.reject(new UserError("tooManyAttempts", 429));
  perOwner.set(owner, mine + 1);
  const settled = () => {
    const left = (perOwner.get(owner) ?? 1) - 1;
    if (left) perOwner.set(owner, left);
    else perOwner.delete(owner);
  };
  return new Promise<SheetRead>((done, failed) => assign({ bytes, limits: sheetLimits, owner, timeoutMs, done, failed })).finally(settled);
}
