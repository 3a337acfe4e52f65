/**
 * What goes to the engine: plain-text segments of a title or a Quill Delta, after the store's
 * glossary is expanded. Pure: no I/O.
 */
import { createHash } from "node:crypto";

/** A glossary entry: an abbreviation expanded to its full form, or a term kept as written (`keep`). */
export type GlossaryEntry = { abbreviation: string; full_form: string; keep?: boolean };

type Op = { insert?: unknown; attributes?: Record<string, unknown>; [key: string]: unknown };

/** Leading space, the text, trailing space: spaces stay where they were, only the text is translated. */
const EDGES = /^(\s*)([\s\S]*?)(\s*)$/;
/** A segment worth translating has a letter in it ("250", "—" and emoji stay as they are). */
const HAS_LETTER = /\p{L}/u;

/**
 * How a field's text is cut: `plain` is one segment (a title, an address), `rich` a Quill Delta,
 * `lines` one plain segment per line (a store's phone notes, one per phone).
 */
export type TextKind = "plain" | "rich" | "lines";

/**
 * A source text cut into translatable segments and a function that puts translations back.
 * Rich text (a Delta JSON string) is cut at every op and line break: attributes, links, embeds and
 * line formats (the "\n" ops carrying header or list) are kept exactly; markup never reaches the
 * engine. A plain text is one segment; lines are one segment each, empty ones kept in place.
 */
export function segmentsOf(text: string, kind: TextKind): { segments: string[]; rebuild: (translated: string[]) => string } {
  if (kind === "plain") return plainSegments(text);
  if (kind === "lines") return lineSegments(text);
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

function lineSegments(text: string) {
  const lines = text.split("\n").map(plainSegments);
  const segments = lines.flatMap((l) => l.segments);
  const rebuild = (translated: string[]) => {
    let at = 0;
    return lines
      .map((l) => {
        // A line break in an answer would move the next lines onto the wrong phones.
        const own = translated.slice(at, (at += l.segments.length)).map((t) => t?.replace(/\s*\n\s*/g, " "));
        return l.rebuild(own);
      })
      .join("\n");
  };
  return { segments, rebuild };
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
  const entries = glossary.filter((e) => e.abbreviation.trim() && !e.keep).sort((a, b) => b.abbreviation.length - a.abbreviation.length);
  if (!entries.length || !text) return text;
  const byKey = new Map(entries.map((e) => [e.abbreviation.trim().toLocaleLowerCase(), e.full_form]));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${entries.map((e) => escape(e.abbreviation.trim())).join("|")})(?![\\p{L}\\p{N}])`, "giu");
  return text.replace(pattern, (match) => inCaseOf(match, byKey.get(match.toLocaleLowerCase()) ?? match));
}

/** Does the text use this abbreviation (as a whole word)? */
export const usesAbbreviation = (text: string, abbreviation: string) =>
  expandGlossary(text, [{ abbreviation, full_form: "\u0000" }]) !== text;

/** The whole-word pattern of terms (longest first), any case; undefined when there are none. */
function termPattern(terms: string[]) {
  const sorted = [...new Set(terms.map((t) => t.trim()).filter(Boolean))].sort((a, b) => b.length - a.length);
  return sorted.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${sorted.map(escape).join("|")})(?![\\p{L}\\p{N}])`, "giu") : undefined;
}

/** A piece of a cut segment: text kept as it is, a part to translate (its index), or a kept term. */
type Piece = string | number | { kept: string };

/**
 * A segment cut around the "do not translate" terms it holds: the terms stay as written (the
 * engine never sees them), the text between them is translated.
 */
function aroundKeptTerms(segment: string, kept: RegExp | undefined): { pieces: Piece[]; parts: string[] } {
  if (!kept) return { pieces: [0], parts: [segment] };
  const pieces: Piece[] = [];
  const parts: string[] = [];
  const text = (chunk: string) => {
    const [, lead = "", core = "", trail = ""] = EDGES.exec(chunk) ?? [];
    if (!HAS_LETTER.test(core)) return pieces.push(chunk);
    parts.push(core);
    pieces.push(lead, parts.length - 1, trail);
  };
  let at = 0;
  for (const match of segment.matchAll(kept)) {
    text(segment.slice(at, match.index));
    pieces.push({ kept: match[0] });
    at = match.index + match[0].length;
  }
  text(segment.slice(at));
  return { pieces, parts };
}

/**
 * The source of one field as the engine will see it: segments after glossary expansion, cut around
 * "do not translate" terms, and the hash that says whether a stored translation still matches (a
 * changed text, format or glossary entry changes it).
 */
export function preparedSource(text: string, kind: TextKind, glossary: readonly GlossaryEntry[]) {
  const { segments, rebuild: rebuildSegments } = segmentsOf(text, kind);
  const kept = termPattern(glossary.filter((e) => e.keep).map((e) => e.abbreviation));
  const cut = segments.map((s) => aroundKeptTerms(expandGlossary(s, glossary), kept));
  const parts = cut.flatMap((c) => c.parts);
  const rebuild = (translated: string[]) => {
    let at = 0;
    return rebuildSegments(
      cut.map((c) => {
        const offset = at;
        at += c.parts.length;
        return c.pieces.map((p) => (typeof p === "number" ? (translated[offset + p] ?? c.parts[p]) : typeof p === "string" ? p : p.kept)).join("");
      }),
    );
  };
  // Kept terms are marked in what is hashed: keeping a term (or no longer) changes the hash.
  const hash = createHash("sha256")
    .update(rebuildSegments(cut.map((c) => c.pieces.map((p) => (typeof p === "number" ? c.parts[p] : typeof p === "string" ? p : `\u0001${p.kept}`)).join(""))))
    .digest("base64url")
    .slice(0, 16);
  return { segments: parts, rebuild, hash };
}
