/** A figure's change against the previous period, and what it means (no React: unit-tested alone). */
import type { Compared } from "./api";

/** The change against the previous period: "up 25%", "down 10%", "new", "no change". */
export function changeOf({ value, previous }: Compared): { kind: "up" | "down" | "same" | "new" | "none"; ratio: number } {
  if (!previous) return { kind: value ? "new" : "none", ratio: 0 };
  const ratio = (value - previous) / previous;
  return { kind: ratio > 0 ? "up" : ratio < 0 ? "down" : "same", ratio: Math.abs(ratio) };
}

/**
 * Whether a change is good news: more views is, more searches that found nothing is not
 * (`more: "worse"`). The colour says it; the arrow and the sentence say the direction.
 */
export type Meaning = { more?: "better" | "worse" };
export function toneOf(kind: ReturnType<typeof changeOf>["kind"], more: Meaning["more"] = "better") {
  if (kind !== "up" && kind !== "down" && kind !== "new") return "neutral";
  return (kind === "down") === (more === "worse") ? "good" : "bad";
}

/** The totals' meanings: more of each is good news, except searches that found nothing. */
export const MORE_IS = { views: "better", scans: "better", item_opens: "better", cart_adds: "better", search_misses: "worse" } as const satisfies Record<string, Meaning["more"]>;
