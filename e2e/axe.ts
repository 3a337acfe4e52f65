import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const source = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] };

/**
 * axe-core run inside the page (optionally on one part of it, without some parts, e.g. a third
 * party's frame, and limited to some rules); answers
 * the serious and critical violations, each with the elements it found, so a failing test says what.
 */
export async function axeViolations(
  page: Page,
  { include, exclude, rules }: { include?: string; exclude?: string[]; rules?: string[] } = {},
): Promise<AxeViolation[]> {
  // A toast or dialog fading in is checked at its final colours, not halfway (a half-transparent
  // text fails contrast): wait until no finite animation or transition runs (spinners are infinite).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().endTime === Infinity), undefined, {
    timeout: 30_000,
  });
  // Evaluated by the browser's debugger, not as a page script: the page's CSP (no inline scripts) does not apply.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(source);
  return page.evaluate(
    async ({ include, exclude, rules }) => {
      type Result = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] };
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<Result> } }).axe;
      const context = exclude?.length ? { include: [include ?? "html"], exclude } : (include ?? document);
      // Bounded: a run that never ends fails here, said so, instead of as the test's time-out.
      const result = await Promise.race([
        axe.run(context, rules ? { runOnly: { type: "rule", values: rules } } : {}),
        new Promise<never>((_, fail) => setTimeout(() => fail(new Error("axe.run did not end within 60 s")), 60_000)),
      ]);
      return result.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => String(n.target[0])) }));
    },
    { include, exclude, rules },
  );
}
