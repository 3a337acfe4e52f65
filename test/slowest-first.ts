import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const root = resolve(import.meta.dirname, "..");
/** Seconds per file ("project:path") from a whole run (`pnpm test --record-times` writes it). */
export const TIMES_FILE = resolve(root, "test/file-times.json");

/**
 * The longest files first, so the last minutes of a phase are not one long file running alone
 * while the other worker idles. Vitest learns the times itself, but only on a machine that ran the
 * suite before; a clean clone (CI) would order by file size, which put the slowest e2e file
 * (five minutes) last. The times come from vitest's own cache where it has them, else from
 * test/file-times.json; files known to neither (new ones) go first, as vitest does.
 */
export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const recorded = JSON.parse(readFileSync(TIMES_FILE, "utf8")) as Record<string, number>;
    const seconds = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${relative(root, spec.moduleId)}`;
      const cached = this.ctx.cache.getFileTestResults(key)?.duration;
      return cached !== undefined ? cached / 1000 : (recorded[key] ?? Infinity);
    };
    return [...files].sort((a, b) => {
      // Projects in their own order, as vitest's own sequencer keeps them.
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      return seconds(b) - seconds(a);
    });
  }
}
