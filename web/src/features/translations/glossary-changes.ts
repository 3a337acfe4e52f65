/** Which glossary changes made on the page left translations out of date. */
import type { GlossaryEntry } from "./api";

/** Abbreviations match in any case: one key per abbreviation, as the server compares them. */
const keyOf = (abbreviation: string) => abbreviation.trim().toLocaleLowerCase();

export type Pair = Pick<GlossaryEntry, "abbreviation" | "full_form">;
/** What an abbreviation expanded to before this visit's changes, what it expands to now, and how many texts use it. */
export type Change = { original: string | null; current: string | null; affected: number };

/**
 * Changes made on this page since the last re-translation, by abbreviation: a change that puts an
 * abbreviation back as it was (undo, or re-adding the same pair) leaves nothing out of date.
 */
export function withChange(changes: Record<string, Change>, before: Pair | null, after: Pair | null, affected: number) {
  const next = { ...changes };
  const touch = (abbreviation: string, was: string | null, now: string | null, count: number) => {
    const key = keyOf(abbreviation);
    const original = next[key] ? next[key].original : was;
    if (original === now) delete next[key];
    else next[key] = { original, current: now, affected: count };
  };
  const renamed = before && (!after || keyOf(before.abbreviation) !== keyOf(after.abbreviation));
  if (before && renamed) touch(before.abbreviation, before.full_form, null, after ? 0 : affected);
  if (after) touch(after.abbreviation, before && !renamed ? before.full_form : null, after.full_form, affected);
  return next;
}
