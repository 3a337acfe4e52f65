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
/** What one worker may hold: twice the largest file it may unpack, plus the library's objects. */
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

type Task = SheetRequest & { timeoutMs: number; done: (read: SheetRead) => void; failed: (error: unknown) => void };
const idle: Worker[] = [];
const waiting: Task[] = [];
let started = 0;

function run(worker: Worker, task: Task) {
  worker.ref();
  // Only this run's listeners go: removeAllListeners would also drop the worker's own, which keep its port referenced.
  const stop = () => {
    clearTimeout(timer);
    worker.off("message", answered).off("error", crashed).off("exit", exited);
  };
  const replace = () => {
    started--;
    void worker.terminate();
    const next = waiting.shift();
    if (next) assign(next);
  };
  const answered = (read: SheetRead) => {
    stop();
    task.done(read);
    release(worker);
  };
  // Out of memory or a crash of the library: the file is refused, the worker replaced.
  const crashed = () => {
    stop();
    task.done({ refused: "notASheet" });
    replace();
  };
  const exited = () => {
    stop();
    task.failed(new Error("The sheet worker stopped"));
    replace();
  };
  const timer = setTimeout(() => {
    stop();
    task.done({ refused: "parseTooSlow" });
    replace();
  }, task.timeoutMs);
  worker.on("message", answered).on("error", crashed).on("exit", exited);
  worker.postMessage({ bytes: task.bytes, limits: task.limits } satisfies SheetRequest);
}

function release(worker: Worker) {
  const next = waiting.shift();
  if (next) return run(worker, next);
  worker.unref();
  idle.push(worker);
}

function assign(task: Task) {
  const worker = idle.pop();
  if (worker) return run(worker, task);
  if (started < POOL_SIZE) {
    started++;
    return run(startWorker(), task);
  }
  if (waiting.length >= QUEUE_MAX) return task.failed(new UserError("serviceBusy", 503));
  waiting.push(task);
}

/** The first sheet's rows, or why the file was refused; nothing of the file is parsed on this thread. */
export function sheetRows(bytes: Uint8Array, limits: SheetLimits & { timeoutMs: number }): Promise<SheetRead> {
  const { timeoutMs, ...sheetLimits } = limits;
  return new Promise((done, failed) => assign({ bytes, limits: sheetLimits, timeoutMs, done, failed }));
}
