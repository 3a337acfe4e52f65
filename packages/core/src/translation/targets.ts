/**
 * Translatable content as the engine sees it (a Target): source texts by field and the
 * `translations` map. Which contents there are, and how each is read and written, is the registry's
 * (contents.ts). Item: title, description. Category: name (kept as `title`). Promotion: header
 * (kept as `title`), description. Store: address, phone notes (`phones`, a line per phone; store/texts.ts).
 */
import type { TargetType } from "../shared/model";
import type { TextKind } from "./text";

export type { TargetType };
export type Field = "title" | "description" | "address" | "phones";
export type TranslationEntry = {
  title?: string;
  description?: string;
  address?: string;
  /** A store's phone notes, a line per phone. */
  phones?: string;
  /** A store's name, written in settings: kept beside its translated texts, never translated. */
  name?: string;
  manual?: boolean;
  /** A machine translation staff checked: the engine no longer replaces it. */
  checked?: boolean;
  /** Hashes of the source each field was translated (or, for hand-made and checked ones, checked) against. */
  title_hash?: string;
  description_hash?: string;
  address_hash?: string;
  phones_hash?: string;
};
export type Translations = Record<string, TranslationEntry | undefined>;

/** One piece of content as translation sees it. */
export type Target = {
  id: string;
  company_id: string;
  store_id: string;
  /** The source text of each field (ru); a description is a Quill Delta JSON string. */
  sources: Partial<Record<Field, string>>;
  translations: Translations;
  updated_at: string;
  /** An item's category: what a publish after its translation rebuilds. */
  category_id?: string;
};

/** How a field's text is cut for the engine. */
export const fieldKind = (field: Field): TextKind => (field === "description" ? "rich" : field === "phones" ? "lines" : "plain");

/** What a translation entry may hold besides its fields, flags and hashes (kept when a translation is replaced or dropped). */
export const entryExtras = (entry: TranslationEntry | undefined): TranslationEntry => (entry?.name !== undefined ? { name: entry.name } : {});
