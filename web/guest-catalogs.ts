import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, URL } from "node:url";

/**
 * The guest pages' catalogs, one per menu language (issue 32, point 6: every menu language is a
 * guest interface language). The guest keys of ru/en/zh stay in src/i18n/messages/{locale}.json
 * with the admin interface's; ar/tr/fr have guest catalogs only (the admin interface stays
 * ru/en/zh), in src/i18n/guest-messages/{locale}.json. Node-side: read by vite.config.ts (which
 * fails the build on any problem) and by guest-catalogs.test.ts.
 */
export const GUEST_LANGUAGES = ["ru", "en", "zh", "ar", "tr", "fr"] as const;
export type GuestLanguage = (typeof GUEST_LANGUAGES)[number];

/** The keys the guest pages use: a prefix, or an exact key when it ends without a dot. */
export const GUEST_MESSAGE_PREFIXES = ["menu.", "placeholder.", "errors.notFound.", "errors.goHome", "guest.skipToCart"];
export const isGuestKey = (key: string) => GUEST_MESSAGE_PREFIXES.some((p) => key.startsWith(p));

const GUEST_ONLY: readonly string[] = ["ar", "tr", "fr"];

export const guestCatalogFile = (language: string) =>
  fileURLToPath(new URL(GUEST_ONLY.includes(language) ? `./src/i18n/guest-messages/${language}.json` : `./src/i18n/messages/${language}.json`, import.meta.url));

/** A language's guest messages (key → ICU text); a guest-only catalog whole, so a stray key shows. */
export function guestMessagesOf(language: GuestLanguage): Record<string, string> {
  const all = JSON.parse(readFileSync(guestCatalogFile(language), "utf8")) as Record<string, string>;
  return GUEST_ONLY.includes(language) ? all : Object.fromEntries(Object.entries(all).filter(([key]) => isGuestKey(key)));
}

/** react-intl's own ICU parser (as vite.config.ts uses it). */
const requireFromReactIntl = createRequire(createRequire(import.meta.url).resolve("react-intl"));
const { parse } = requireFromReactIntl("@formatjs/icu-messageformat-parser") as { parse: (message: string) => Node[] };
type Node = { type: number; value?: string; options?: Record<string, { value: Node[] }>; children?: Node[] };

/** The literal text of an ICU message, in every plural and select option (arguments left out). */
function literal(nodes: Node[]): string {
  return nodes
    .map((n) => (n.type === 0 ? (n.value ?? "") : n.options ? Object.values(n.options).map((o) => literal(o.value)).join(" ") : n.children ? literal(n.children) : " "))
    .join("");
}

/**
 * What is wrong with the guest catalogs: keys missing or left over against ru (the reference), a
 * guest-only catalog holding a non-guest key, and Arabic messages with Latin punctuation or no
 * Arabic letter where they have letters (an English text left in, or a "?" read backwards).
 */
export function guestCatalogProblems(read: (language: GuestLanguage) => Record<string, string> = guestMessagesOf): string[] {
  const reference = Object.keys(read("ru"));
  const problems: string[] = [];
  for (const language of GUEST_LANGUAGES) {
    const messages = read(language);
    const file = `src/i18n/${GUEST_ONLY.includes(language) ? "guest-messages" : "messages"}/${language}.json`;
    const missing = reference.filter((key) => typeof messages[key] !== "string" || !messages[key].trim());
    if (missing.length) problems.push(`${file}: missing guest messages ${missing.join(", ")}`);
    const extra = Object.keys(messages).filter((key) => !reference.includes(key));
    if (extra.length) problems.push(`${file}: messages not in the ru catalog ${extra.join(", ")}`);
    problems.push(...typographyProblems(language, messages, file));
    if (language !== "ar") continue;
    for (const [key, message] of Object.entries(messages)) {
      const text = literal(parse(message));
      if (/[,?;]/.test(text)) problems.push(`${file}: "${key}" uses Latin punctuation (، ؟ ؛ in Arabic)`);
      if (/\p{L}/u.test(text) && !/\p{Script=Arabic}/u.test(text)) problems.push(`${file}: "${key}" has no Arabic text`);
    }
  }
  return problems;
}

/** The narrow no-break space French sets before ; : ! ? and inside « » (U+202F). */
export const NARROW_NBSP = "\u202f";

/**
 * Typography per language (issue 48, point 6): one apostrophe, ’ (U+2019), in every language (a
 * Turkish suffix after a name, a French elision; ICU also reads a straight ' before a brace as a
 * quote); in French a narrow no-break space before ; : ! ? and inside « », never a plain or a wide
 * no-break space there (a line may not break before the mark, and the gap is narrow).
 */
export function typographyProblems(language: GuestLanguage, messages: Record<string, string>, file: string = language): string[] {
  const problems: string[] = [];
  for (const [key, message] of Object.entries(messages)) {
    if (/['\u2018\u02bc`]/.test(message)) problems.push(`${file}: "${key}" has an apostrophe other than ’`);
    if (language !== "fr") continue;
    const text = literal(parse(message));
    const before = [...text.matchAll(/[;:!?»]/g)].filter((m) => text[m.index - 1] !== NARROW_NBSP);
    const after = [...text.matchAll(/«/g)].filter((m) => text[m.index + 1] !== NARROW_NBSP);
    if (before.length || after.length) problems.push(`${file}: "${key}" needs a narrow no-break space (U+202F) before ; : ! ? » and after «`);
  }
  return problems;
}
