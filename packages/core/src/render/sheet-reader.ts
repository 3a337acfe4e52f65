/**
 * Rendering adapter: the rows of an Excel workbook's first sheet, read by a small pool of worker
 * threads (sheet-worker.ts), so that parsing never runs on the thread that answers requests.
 * Called by the menu import (import/menu-import-sheet.ts), which sets the limits and judges the
 * cells.
 *
 * Fair to the file: a read is limited by the CPU time its worker spends on it (thread-cpu.ts), not
 * by the wall clock, which a busy machine stretches (a 4,999-row sheet took 3.6 s alone and 11.9 s
 * beside other work). A read over its CPU time is stopped (its worker terminated and replaced) and
 * the file refused, `parseTooSlow`; a worker that runs out of its memory ends the same way. Where the
 * CPU time cannot be read (not Linux), the wall clock from the read's start stands in for it.
 *
 * Fair to the caller: what the service cannot do for load is "busy" (503, Retry-After), never the
 * file's fault: no worker free within the wait, too many reads waiting, or a read that reaches the
 * wall-clock backstop (several times the CPU limit, from the call) still under its CPU time.
 *
 * Fair between stores: a store has one read at a time; its next one waits (one at most; a third is
 * 429) while other stores' reads take the free workers, so one store cannot hold the pool.
 */
import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { UserError } from "../shared/errors";
import { threadCpuMs } from "./thread-cpu";
import { SHEET_WORKER_READY, SHEET_WORKER_ROLE, type SheetLimits, type SheetMessage, type SheetRead, type SheetRequest, type SheetWorkerData } from "./sheet-worker";

/** Workers at most: parsing may take every core but one, and always two (one hostile file must not hold every import). */
export const POOL_SIZE = Math.min(4, Math.max(2, availableParallelism() - 1));
/** Reads waiting for a worker at most; more are answered 503 at once rather than queued without end. */
export const QUEUE_MAX = 16;
/** How long a read may wait for a worker before it is answered "busy". */
const WAIT_MS = 10_000;
/** A store's reads at once: one being read, one waiting for it; more are answered 429. */
const PER_OWNER_MAX = 2;
/** How often a running read's CPU time is looked at (a read over its limit is stopped within about this much more). */
const CPU_POLL_MS = 100;
/** One worker's heap: the library's objects for the largest sheet allowed (the unpacked entries, ≤ 18 MB, are buffers outside it). */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 48, stackSizeMb: 4 };

/**
 * A read's limits besides the sheet's: `cpuMs` of its worker's CPU time; `wallMs` from the call
 * (waiting included), the backstop; `waitMs` for a worker (default 10 s). `hold`: for tests, see
 * SheetRequest.
 */
export type ReadLimits = SheetLimits & { cpuMs: number; wallMs: number; waitMs?: number; hold?: Int32Array };
/** The rows with the CPU time their read took (when it can be measured), or why the file was refused. */
export type PooledRead = ({ rows: unknown[][] } & { cpuMs?: number }) | Refused;
type Refused = Extract<SheetRead, { refused: unknown }>;
/** A step's parts, joined, and the rest of its answer, with the CPU time it took; or why the file was refused. */
export type PooledStep = { parts: unknown[]; done: unknown; cpuMs?: number } | Refused;

/**
 * Modules that register steps (registerSheetStep), for workers started from source; in a bundle
 * the worker runs the bundle, which holds them. Added by the modules above this adapter that run
 * steps, so that this one names none of them.
 */
const stepModules = new Set<string>();
export const loadInSheetWorkers = (moduleUrl: string) => void stepModules.add(moduleUrl);

/**
 * From source (tsx, vitest) the worker is sheet-worker.ts, loaded through tsx; in a Lambda bundle
 * there is no such file, so the worker runs the bundle itself, whose copy of sheet-worker.ts
 * serves requests when it sees its role in `workerData`.
 */
function startWorker(threadId: Int32Array) {
  const fromSource = import.meta.url.endsWith(".ts");
  const workerData: SheetWorkerData = { role: SHEET_WORKER_ROLE, threadId, ...(fromSource ? { stepModules: [...stepModules] } : {}) };
  const options = { workerData, resourceLimits: RESOURCE_LIMITS };
  // Not the process's own flags (say, --input-type): the bundle is a file, loaded as Node loads it.
  if (!fromSource) return new Worker(new URL(import.meta.url), { ...options, execArgv: [] });
  const entry = new URL("./sheet-worker.ts", import.meta.url).href;
  const boot = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

type Task = {
  request: SheetRequest;
  owner: string;
  cpuMs: number;
  /** performance.now() by which the read is answered, read or not. */
  deadline: number;
  waitTimer?: ReturnType<typeof setTimeout>;
  done: (read: PooledStep) => void;
  failed: (error: unknown) => void;
};
/** `threadId`: the worker's thread, once loaded (0: its CPU time cannot be read here). */
type Pooled = { worker: Worker; ready: Promise<void>; threadId: Int32Array; forget?: () => void };
const idle: Pooled[] = [];
const waiting: Task[] = [];
/** Reads of each store, being read or waiting. */
const perOwner = new Map<string, number>();
/** Stores with a read being read (at most one each). */
const reading = new Set<string>();
let started = 0;

const busy = () => new UserError("serviceBusy", 503);

function start(): Pooled {
  const threadId = new Int32Array(new SharedArrayBuffer(4));
  const worker = startWorker(threadId);
  started++;
  const ready = new Promise<void>((resolve, reject) => {
    const settle = (error?: unknown) => {
      worker.off("message", loaded).off("error", settle).off("exit", settle);
      if (error === undefined) resolve();
      else reject(error instanceof Error ? error : new Error("The sheet worker stopped while starting"));
    };
    const loaded = (message: unknown) => message === SHEET_WORKER_READY && settle();
    worker.on("message", loaded).on("error", settle).on("exit", settle);
  });
  return { worker, ready, threadId };
}

/** A worker that is gone: the pool may start another, and the next read waiting gets it. */
function replace(pooled: Pooled) {
  started--;
  void pooled.worker.terminate();
  dispatch();
}

/** The first waiting read whose store has none being read. */
function nextTask(): Task | undefined {
  const at = waiting.findIndex((task) => !reading.has(task.owner));
  if (at < 0) return undefined;
  const [task] = waiting.splice(at, 1);
  clearTimeout(task!.waitTimer);
  return task;
}

/** Gives waiting reads the free workers (idle ones first, then new ones up to POOL_SIZE). */
function dispatch() {
  while (idle.length || started < POOL_SIZE) {
    const task = nextTask();
    if (!task) return;
    const pooled = idle.pop();
    if (pooled) pooled.forget?.();
    void run(pooled ?? start(), task);
  }
}

async function run(pooled: Pooled, task: Task) {
  const { worker } = pooled;
  reading.add(task.owner);
  const settled = () => reading.delete(task.owner);
  worker.ref();
  try {
    // The read's clock starts once the worker is loaded (tsx, or a whole bundle, takes a moment).
    await pooled.ready;
  } catch {
    settled();
    task.failed(busy());
    return replace(pooled);
  }
  const thread = Atomics.load(pooled.threadId, 0) || undefined;
  const cpuAtStart = threadCpuMs(thread);
  const began = performance.now();
  let cpuSoFar = 0;
  /** The CPU time the read has taken so far (the wall clock since it began where that cannot be read). */
  const spent = () => {
    if (cpuAtStart === undefined) return { measured: false, ms: performance.now() - began };
    const now = threadCpuMs(thread);
    // A look that fails (the thread ending) keeps the last one: the backstop still stands.
    if (now !== undefined) cpuSoFar = now - cpuAtStart;
    return { measured: true, ms: cpuSoFar };
  };
  const stop = () => {
    clearInterval(poll);
    clearTimeout(backstop);
    worker.off("message", answered).off("error", crashed).off("exit", exited);
    settled();
  };
  /** Over its CPU time: the file's doing. Stopped by the backstop under it: the machine's. */
  const stopped = (overCpu: boolean) => {
    stop();
    if (overCpu) task.done({ refused: "parseTooSlow" });
    else task.failed(busy());
    replace(pooled);
  };
  const parts: unknown[] = [];
  const answered = (message: SheetMessage) => {
    if ("part" in message) {
      for (const x of message.part) parts.push(x);
      return;
    }
    const { measured, ms } = spent();
    stop();
    // A read is judged by the time it took, even if it ended between two looks (a refusal found in
    // the file stands: it says where).
    if ("refused" in message) task.done(message);
    else if (ms > task.cpuMs) task.done({ refused: "parseTooSlow" });
    else task.done({ parts, done: message.done, ...(measured ? { cpuMs: ms } : {}) });
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
  const poll = setInterval(() => {
    if (spent().ms > task.cpuMs) stopped(true);
  }, CPU_POLL_MS);
  const backstop = setTimeout(() => stopped(spent().ms > task.cpuMs), Math.max(0, task.deadline - performance.now()));
  worker.on("message", answered).on("error", crashed).on("exit", exited);
  worker.postMessage(task.request);
}

function release(pooled: Pooled) {
  const next = nextTask();
  if (next) {
    void run(pooled, next);
    return dispatch();
  }
  pooled.worker.unref();
  // An idle worker that dies leaves the pool at once, rather than fail the next read.
  const gone = () => {
    idle.splice(idle.indexOf(pooled), 1);
    replace(pooled);
  };
  pooled.worker.once("exit", gone);
  pooled.forget = () => pooled.worker.off("exit", gone);
  idle.push(pooled);
  // Another worker may have been left without a read while this one's store was being read.
  dispatch();
}

/** What the pool is doing, for tests: the stores being read and those waiting, in order. */
export function sheetPoolState() {
  return { workers: started, reading: [...reading], waiting: waiting.map((task) => task.owner) };
}

/**
 * The first sheet's rows, or why the file was refused; nothing of the file is parsed on this
 * thread. `owner` (a store) has one read at a time and one waiting; more are answered 429.
 */
export async function sheetRows(bytes: Uint8Array, owner: string, limits: ReadLimits): Promise<PooledRead> {
  const read = await sheetStep(bytes, owner, limits);
  return "refused" in read ? read : { rows: read.parts as unknown[][], ...(read.cpuMs === undefined ? {} : { cpuMs: read.cpuMs }) };
}

/**
 * The file read in a worker by `step` (a registered step; by default the first sheet's rows), within
 * the same limits and turns as sheetRows.
 */
export function sheetStep(bytes: Uint8Array, owner: string, limits: ReadLimits, step?: { name: string; input?: unknown }): Promise<PooledStep> {
  const { cpuMs, wallMs, waitMs = WAIT_MS, hold, ...sheetLimits } = limits;
  const mine = perOwner.get(owner) ?? 0;
  // The store's own limit, not the service's: "too many at once", as any other rate limit.
  if (mine >= PER_OWNER_MAX) return Promise.reject(new UserError("tooManyAttempts", 429));
  if (waiting.length >= QUEUE_MAX) return Promise.reject(busy());
  perOwner.set(owner, mine + 1);
  const settled = () => {
    const left = (perOwner.get(owner) ?? 1) - 1;
    if (left) perOwner.set(owner, left);
    else perOwner.delete(owner);
  };
  const request: SheetRequest = { bytes, limits: sheetLimits, ...(step ? { step: step.name, input: step.input } : {}), ...(hold ? { hold } : {}) };
  return new Promise<PooledStep>((done, failed) => {
    const task: Task = { request, owner, cpuMs, deadline: performance.now() + wallMs, done, failed };
    waiting.push(task);
    // Waiting is bounded too: a read not started within its time is answered "busy".
    task.waitTimer = setTimeout(() => {
      const at = waiting.indexOf(task);
      if (at < 0) return;
      waiting.splice(at, 1);
      failed(busy());
    }, Math.min(waitMs, wallMs));
    task.waitTimer.unref();
    dispatch();
  }).finally(settled);
}
