/**
 * bench:scale's tables (scripts/bench-scale.ts): each call's median at the baseline and at every
 * size with its ratio and goal, the first view, the heap and the creates, then the same calls as
 * DynamoDB work. Answers the goals, each with whether it was met.
 */
export type Work = { requests: number; records: number; ms: number };
export type Sample = { calls: Map<string, number>; work: Map<string, Work>; firstView: number; items: number; heapMb: number };
type Report = {
  baseline: Sample;
  columns: { label: string; s: Sample; goal?: number }[];
  sizes: readonly { label: string; goal: number }[];
  firstCreates: number;
  lastCreates: number;
  /** Items created in each of the first and last runs. */
  creates: number;
  firstViewMax: number;
  /** The call that reads no store data: the baseline of the others, with no goal of its own. */
  fixed: string;
};

export function printReport({ baseline, columns, sizes, firstCreates, lastCreates, creates, firstViewMax, fixed }: Report): [string, boolean][] {
  const goals: [string, boolean][] = [];
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const cols = (xs: string[]) => `| ${xs[0]!.padEnd(34)} | ${xs.slice(1).map((x) => x.padStart(10)).join(" | ")} |`;
  console.log(`\n${cols(["call", `@base ${baseline.items}`, ...columns.flatMap((c) => [c.label, "ratio"]), "goal met?"])}`);
  console.log(cols(["-".repeat(34), ...Array<string>(2 + 2 * columns.length).fill("-".repeat(10))]));
  for (const [label, b] of baseline.calls) {
    const r = columns.map((c) => c.s.calls.get(label)! / b);
    // The goals are judged on the grown runtime; the restarted one only tells where a miss comes from.
    const met = columns.every((c, i) => c.goal === undefined || r[i]! <= c.goal);
    if (label !== fixed) goals.push([`${label}: ratios ${r.map((x) => `${x.toFixed(2)}×`).join(", ")}`, met]);
    console.log(cols([label, ms(b), ...columns.flatMap((c, i) => [ms(c.s.calls.get(label)!), `${r[i]!.toFixed(2)}×`]), label === fixed ? "(baseline)" : met ? "yes" : "NO"]));
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const views = [baseline, ...columns.map((c) => c.s)].map((s) => s.firstView);
  const viewsMet = views.every((v) => v <= firstViewMax);
  console.log(cols(["first view (HTML, gzip)", kb(views[0]!), ...views.slice(1).flatMap((v) => [kb(v), `${(v / views[0]!).toFixed(2)}×`]), viewsMet ? "yes" : "NO"]));
  console.log(cols(["runtime heap in use", `${baseline.heapMb} MB`, ...columns.flatMap((c) => [`${c.s.heapMb} MB`, ""]), ""]));
  const createRatio = lastCreates / firstCreates;
  // The last creates are timed at 30×, the last size grown to.
  const createCells = columns.flatMap((_, i) => (i === sizes.length - 1 ? [ms(lastCreates), `${createRatio.toFixed(2)}×`] : ["", ""]));
  console.log(cols([`create, per item (first/last ${creates})`, ms(firstCreates), ...createCells, createRatio <= 1.5 ? "yes" : "NO"]));
  goals.push([`first view ≤ 14 KB gzip at every size (${views.map(kb).join(", ")})`, viewsMet], [`last ${creates} creates ≤ 1.5× the first per item (${createRatio.toFixed(2)}×)`, createRatio <= 1.5]);
  // The same calls as DynamoDB work: requests sent and records read, whatever the machine's speed.
  const w = ({ requests, records, ms: wait }: Work) => `${requests} / ${records} / ${wait.toFixed(0)}`;
  console.log(`\nDynamoDB work per call (requests / records read / ms waited for DynamoDB, summed; a save and a create with their background jobs):\n`);
  console.log(cols(["call", `@base ${baseline.items}`, ...columns.map((c) => c.label)]));
  console.log(cols(["-".repeat(34), ...Array<string>(1 + columns.length).fill("-".repeat(10))]));
  for (const [label, b] of baseline.work) console.log(cols([label, w(b), ...columns.map((c) => w(c.s.work.get(label)!))]));
  console.log(`\nGoals: ratios ${sizes.map((z) => `≤ ${z.goal}× at ${z.label}`).join(" and ")}; ${goals.filter(([, ok]) => ok).length} of ${goals.length} met.`);
  for (const [what, ok] of goals) if (!ok) console.log(`  missed: ${what}`);
  return goals;
}
