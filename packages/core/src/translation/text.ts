/**
 * What goes to the engine: plain-text segments of a title or a Quill Delta, after the store's
 * glossary is expanded. Pure: no I/O.
 */
import { createHash } from "node:crypto";

export type GlossaryEntry = { abbreviation: string; full_form: string };

type Op = { insert?: unknown; attributes?: Record<string, unknown>; [key: string]: unknown };

/** Leading space, the text, trailing space: spaces stay where they were, only the text is translated. */
const EDGES = /^(\s*)([\s\S]*?)(\s*)$/;
/** A segment worth translating has a letter in it ("250", "—" and emoji stay as they are). */
const HAS_LETTER = /\p{L}/u;

/**
 * A source text cut into translatable segments and a function that puts translations back.
 * Rich text (a Delta JSON string) is cut at every op and line break: attributes, links, embeds and
 * line formats (the "\n" ops carrying header or list) are kept exactly; markup never reaches the
 * engine. A plain text is one segment.
 */
export function segmentsOf(text: string, rich: boolean): { segments: string[]; rebuild: (translated: string[]) => string } {
  if (!rich) return plainSegments(text);
  let ops: Op[];
  try {
    const parsed = JSON.parse(text) as { ops?: unknown };
    if (!parsed || !Array.isArray(parsed.ops)) return { segments: [], rebuild: () => text };
    ops = parsed.ops as Op[];
  } catch {
    // Broken content stays as it is (guests see the placeholder either way).
    return { segments: [], rebuild: () => text };
  }
  const segments: string[] = [];
  // Each op's insert as pieces: kept strings, or the index of a segment to put back.
  const shapes = ops.map((op) => {
    if (typeof op.insert !== "string") return null;
    return op.insert.split(/(\n)/).flatMap((piece): (string | number)[] => {
      const [, lead = "", core = "", trail = ""] = EDGES.exec(piece) ?? [];
      if (!HAS_LETTER.test(core)) return [piece];
      segments.push(core);
      return [lead, segments.length - 1, trail];
    });
  });
  const rebuild = (translated: string[]) =>
    JSON.stringify({
      ops: ops.map((op, i) => {
        const shape = shapes[i];
        if (!shape) return op;
        return { ...op, insert: shape.map((p) => (typeof p === "number" ? (translated[p] ?? segments[p]) : p)).join("") };
      }),
    });
  return { segments, rebuild };
}

function plainSegments(text: string) {
  const [, lead = "", core = "", trail = ""] = EDGES.exec(text) ?? [];
  if (!HAS_LETTER.test(core)) return { segments: [], rebuild: () => text };
  return { segments: [core], rebuild: ([t]: string[]) => `${lead}${t ?? core}${trail}` };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** The full form written in the case of the match: "С/М" → "СВЕЖЕМОРОЖЕНЫЙ", "С/м" → "Свежемороженый". */
function inCaseOf(match: string, full: string) {
  const letters = match.replace(/\P{L}/gu, "");
  if (letters.length > 1 && letters === letters.toLocaleUpperCase() && letters !== letters.toLocaleLowerCase()) return full.toLocaleUpperCase();
  const first = letters[0];
  if (first && first === first.toLocaleUpperCase() && first !== first.toLocaleLowerCase()) return full.charAt(0).toLocaleUpperCase() + full.slice(1);
  return full;
}

/**
 * Expands the glossary's abbreviations in a text: whole words only (no letter or digit right before
 * or after), any case, the full form in the case of the match. Longer abbreviations win ("с/м" before "с").
 */
export function expandGlossary(text: string, glossary: readonly GlossaryEntry[]) {
  const entries = glossary.filter((e) => e.abbreviation.trim()).sort((a, b) => b.abbreviation.length - a.abbreviation.length);
  if (!entries.length || !text) return text;
  const byKey = new Map(entries.map((e) => [e.abbreviation.trim().toLocaleLowerCase(), e.full_form]));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${entries.map((e) => escape(e.abbreviation.trim())).join("|")})(?![\\p{L}\\p{N}])`, "giu");
  return text.replace(pattern, (match) => inCaseOf(match, byKey.get(match.toLocaleLowerCase()) ?? match));
}

/** Does the text use this abbreviation (as a whole word)? */
export const usesAbbreviation = (text: string, abbreviation: string) =>
  expandGlossary(text, [{ abbreviation, full_form: "\u0000" }]) !== text;

/**
 * The source of one field as the engine will see it: segments after glossary expansion, and the
 * hash that says whether a stored translation still matches (a changed text, format or glossary
 * entry changes it).
 */
export function preparedSource(text: string, rich: boolean, glossary: readonly GlossaryEntry[]) {
  const { segments, rebuild } = segmentsOf(text, rich);
  const expanded = segments.map((s) => expandGlossary(s, glossary));
  const hash = createHash("sha256").update(rebuild(expanded)).digest("base64url").slice(0, 16);
  return { segments: expanded, rebuild, hash };
}
