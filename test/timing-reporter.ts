import { appendFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

const root = resolve(import.meta.dirname, "..");

/**
 * Appends each test file's project, duration and state to the JSON-lines file named by
 * MENU_TEST_TIMES (set by scripts/test-run.ts, which prints the slowest files when the run ends).
 */
export default class TimingReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const file = process.env.MENU_TEST_TIMES;
    if (!file || !modules.length) return;
    const lines = modules.map((m) =>
      JSON.stringify({ project: m.project.name, file: relative(root, m.moduleId), ms: Math.round(m.diagnostic().duration), state: m.state() }),
    );
    appendFileSync(file, `${lines.join("\n")}\n`);
  }
}
