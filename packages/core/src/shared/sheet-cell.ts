/**
 * Text in spreadsheet cells, both ways (pure: the SPA's CSV downloads use it too).
 *
 * A spreadsheet takes text that begins with = + - @, a tab or a carriage return for a formula, so
 * an exported cell that does (OWASP, "CSV injection") gets a leading apostrophe: spreadsheets show
 * such a cell as text, and re-saving it as CSV keeps the apostrophe. The menu import takes exactly
 * that apostrophe off again. Text that already begins with apostrophes before such a character
 * gets one more, so that it too comes back as it was ("'=x" → "''=x" → "'=x").
 */
const ESCAPED = /^'*[=+\-@\t\r]/;
const UNESCAPE = /^'+[=+\-@\t\r]/;

export const escapeCell = (text: string) => (ESCAPED.test(text) ? `'${text}` : text);

export const unescapeCell = (text: string) => (UNESCAPE.test(text) ? text.slice(1) : text);

/** Characters of a cell an error message quotes at most, the ellipsis included. */
export const QUOTE_MAX = 100;

/** A cell as a message quotes it: at most QUOTE_MAX characters, cut with an ellipsis (never inside a surrogate pair). */
export function quoteCell(text: string) {
  if (text.length <= QUOTE_MAX) return text;
  const cut = text.slice(0, QUOTE_MAX - 1);
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}
