/**
 * Rich text (PRODUCT.md "Menu content"): a Quill Delta stored as a JSON string `{"ops":[...]}`.
 * Pure (no Db import), so the editor in the SPA and the API validate with the same rules: text
 * inserts only, and only the formats of the toolbar of SPEC section 1 (headers 1-3, bold, italic,
 * underline, link, ordered and bullet lists). Links are limited to http, https, mailto and tel.
 */
import { z } from "zod";

/** The stored JSON string (formatting included), so one description fits comfortably in an item row. */
export const RICH_TEXT_MAX_LENGTH = 20_000;
export const LINK_MAX_LENGTH = 2048;

/** The formats the editor offers; nothing else is stored. */
export const RICH_TEXT_FORMATS = ["header", "bold", "italic", "underline", "link", "list"] as const;

const SAFE_LINK = /^(https?:\/\/|mailto:|tel:)/i;

/** A link guests may follow: http(s) URLs that parse, mailto: and tel:. `javascript:` and the like are not. */
export function isSafeLink(value: unknown): value is string {
  if (typeof value !== "string" || value.length > LINK_MAX_LENGTH) return false;
  const link = value.trim();
  if (!SAFE_LINK.test(link)) return false;
  if (!/^https?:/i.test(link)) return link.length > link.indexOf(":") + 1;
  try {
    return Boolean(new URL(link).host);
  } catch {
    return false;
  }
}

const Attributes = z.strictObject({
  header: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  bold: z.literal(true).optional(),
  italic: z.literal(true).optional(),
  underline: z.literal(true).optional(),
  link: z
    .string()
    .refine(isSafeLink)
    .meta({ description: "An http(s) URL with a host, or a mailto: or tel: link", examples: ["https://example.com/menu", "mailto:info@example.com", "tel:+375291234567"] })
    .optional(),
  list: z.enum(["ordered", "bullet"]).optional(),
});
export type DeltaAttributes = z.infer<typeof Attributes>;

export const DeltaOp = z.strictObject({ insert: z.string(), attributes: Attributes.optional() });
export type DeltaOp = z.infer<typeof DeltaOp>;

const Delta = z.strictObject({ ops: z.array(DeltaOp) });

function contentSchema(schema: z.ZodType) {
  const json = z.toJSONSchema(schema, { io: "input" });
  delete json.$schema;
  return json;
}

/**
 * A rich-text field as stored: "" (no text) or a Delta JSON string that parses and uses only the
 * allowed formats. Refusals read "Value is incorrect" (SPEC section 5).
 */
export const RichText = z
  .string()
  .max(RICH_TEXT_MAX_LENGTH)
  .refine((text) => text === "" || parseDelta(text) !== undefined, { message: "Value is incorrect" })
  // The API document says what the string holds (JSON Schema's keywords for encoded content).
  .meta({ description: '"" (none) or a Quill Delta as JSON', contentMediaType: "application/json", contentSchema: contentSchema(Delta) });

/** The ops of a stored Delta string when it is valid as stored, else undefined. */
export function parseDelta(text: string): DeltaOp[] | undefined {
  try {
    const result = Delta.safeParse(JSON.parse(text));
    return result.success ? result.data.ops : undefined;
  } catch {
    return undefined;
  }
}

const plainOps = (text: string): DeltaOp[] => [{ insert: text.endsWith("\n") ? text : `${text}\n` }];

/** Keeps what the editor supports from one op's attributes; unsafe links and unknown formats drop away. */
function keepAttributes(raw: unknown): DeltaAttributes | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  const a = raw as Record<string, unknown>;
  const kept: DeltaAttributes = {};
  if (a.header === 1 || a.header === 2 || a.header === 3) kept.header = a.header;
  if (a.bold === true) kept.bold = true;
  if (a.italic === true) kept.italic = true;
  if (a.underline === true) kept.underline = true;
  if (isSafeLink(a.link)) kept.link = a.link.trim();
  if (a.list === "ordered" || a.list === "bullet") kept.list = a.list;
  return Object.keys(kept).length ? kept : undefined;
}

/**
 * Any stored or pasted value as ops the editor and the schema accept: a valid Delta as is; a
 * Delta with foreign formats, embeds or unsafe links without them; plain text (older content,
 * imports) or text that is not a Delta at all as one plain paragraph. Empty → [].
 */
export function toDeltaOps(text: string | undefined | null): DeltaOp[] {
  if (!text || !text.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return plainOps(text);
  }
  const ops = (parsed as { ops?: unknown } | null)?.ops;
  if (!Array.isArray(ops)) return plainOps(text);
  const kept: DeltaOp[] = [];
  for (const op of ops as { insert?: unknown; attributes?: unknown }[]) {
    if (typeof op?.insert !== "string") continue; // embeds (images, video, formulas) are not offered
    const attributes = keepAttributes(op.attributes);
    kept.push(attributes ? { insert: op.insert, attributes } : { insert: op.insert });
  }
  return kept;
}

/** The stored form of ops: "" when there is no text at all, else the Delta JSON string. */
export function deltaToString(ops: DeltaOp[]): string {
  return ops.some((op) => op.insert.trim()) ? JSON.stringify({ ops }) : "";
}

/** `toDeltaOps` then `deltaToString`: any value as a string the `RichText` schema accepts (if not too long). */
export const sanitizeDelta = (text: string | undefined | null) => deltaToString(toDeltaOps(text));

/** The text without formatting (search, previews, length hints). */
export const deltaPlainText = (ops: DeltaOp[]) => ops.map((op) => op.insert).join("");
