/**
 * The onboarding benchmark's bookkeeping (scripts/bench-onboarding.ts): the journey in steps, the
 * owner's hands (every click, field and file counted on the current step), the machine's waits,
 * and the table of both against the goal.
 */
import type { Locator, Page } from "playwright-core";

/** Actions at most per journey (its minutes of the owner's time are the journey's own: printTable). */
const GOAL_ACTIONS = 40;
/** The owner's estimated seconds per click or field, per typed character, per file chosen. */
const COST = { action: 2, char: 0.3, file: 8 };

type Step = { name: string; wallMs: number; machineMs: number; ownerWaitMs: number; clicks: number; fields: number; chars: number; files: number };
const steps: Step[] = [];
let current: Step | undefined;

/** Waits for `done`, timing it as machine time. `sit`: the owner watches their own screen meanwhile. */
export async function wait<T>(done: () => Promise<T>, sit = true): Promise<T> {
  const t0 = performance.now();
  try {
    return await done();
  } finally {
    const ms = performance.now() - t0;
    current!.machineMs += ms;
    if (sit) current!.ownerWaitMs += ms;
  }
}

/** Polls `check` until it answers something truthy (no fixed sleeps as synchronisation). */
export async function until<T>(what: string, check: () => Promise<T | undefined | null | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The owner's hands: every click, field and file is counted on the current step. */
export const owner = {
  async click(target: Locator) {
    current!.clicks++;
    await target.click();
  },
  /** Opening a link from outside the page (the mail): one click. */
  async open(page: Page, url: string) {
    current!.clicks++;
    await page.goto(url);
  },
  async fill(target: Locator, text: string) {
    current!.fields++;
    current!.chars += [...text].length;
    await target.fill(text);
  },
  async choose(target: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
    current!.files++;
    await target.setInputFiles(file);
  },
};

export async function step(name: string, run: () => Promise<void>) {
  current = { name, wallMs: 0, machineMs: 0, ownerWaitMs: 0, clicks: 0, fields: 0, chars: 0, files: 0 };
  steps.push(current);
  console.log(`→ ${name}`);
  const t0 = performance.now();
  try {
    await run();
  } finally {
    current.wallMs = performance.now() - t0;
  }
}

const actionsOf = (s: Step) => s.clicks + s.fields + s.files;
const ownerSeconds = (s: Step) => (s.clicks + s.fields) * COST.action + s.chars * COST.char + s.files * COST.file + s.ownerWaitMs / 1000;

/** The journey's table under its title, against ≤ GOAL_ACTIONS actions and `goalMinutes`; the next journey starts a table of its own. */
export function printTable(title: string, goalMinutes: number) {
  const GOAL = { actions: GOAL_ACTIONS, ownerSeconds: goalMinutes * 60 };
  const total: Step = steps.reduce(
    (t, s) => ({ ...t, wallMs: t.wallMs + s.wallMs, machineMs: t.machineMs + s.machineMs, ownerWaitMs: t.ownerWaitMs + s.ownerWaitMs, clicks: t.clicks + s.clicks, fields: t.fields + s.fields, chars: t.chars + s.chars, files: t.files + s.files }),
    { name: "Total", wallMs: 0, machineMs: 0, ownerWaitMs: 0, clicks: 0, fields: 0, chars: 0, files: 0 },
  );
  const sec = (ms: number) => (ms / 1000).toFixed(1);
  const row = (s: Step) => [s.name, sec(s.wallMs), sec(s.machineMs), String(actionsOf(s)), `${s.clicks}/${s.fields}/${s.files}`, String(s.chars), sec(s.ownerWaitMs), ownerSeconds(s).toFixed(1)];
  const head = ["Step", "Wall s", "Machine s", "Actions", "Clicks/fields/files", "Chars", "Owner waits s", "Owner est. s"];
  const lines = [head, ...steps.map(row), row(total)];
  const widths = head.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  const fmt = (l: string[]) => `| ${l.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  console.log(["", title, "", fmt(head), `|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`, ...steps.map((s) => fmt(row(s))), fmt(row(total))].join("\n"));
  const estimate = ownerSeconds(total);
  console.log(
    `\nGoal: ≤ ${GOAL.actions} actions — ${actionsOf(total)} (${actionsOf(total) <= GOAL.actions ? "met" : "missed"}); ` +
      `≤ ${GOAL.ownerSeconds / 60} min of the owner's time — ${(estimate / 60).toFixed(1)} min (${estimate <= GOAL.ownerSeconds ? "met" : "missed"}).` +
      `\nOwner estimate: ${COST.action} s per click or field, ${COST.char} s per typed character, ${COST.file} s per file, plus the waits on the owner's screen.`,
  );
  steps.length = 0;
}
