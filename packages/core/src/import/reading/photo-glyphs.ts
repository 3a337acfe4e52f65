/**
 * What the OCR misreads in a menu's line, put right (photo-rows.ts). Reading Russian, Belarusian
 * and English at once, Tesseract may write a Latin "o" in a Cyrillic word, "Вг" for "Br", "r" for
 * "г" or "S" for "$": they look alike. A word of both alphabets is written in the one most of its
 * letters are in; a unit or currency after a number is written as the parser knows it. And a
 * price's decimal point, a speck on a photo, is often dropped: "$6 20" is "$6.20".
 */

/** Look-alike pairs, Cyrillic → Latin (Belarusian "і" included). */
const PAIRS = "аa еe оo рp сc хx уy іi АA ВB ЕE КK МM НH ОO РP СC ТT ХX УY ІI";
const TO_LATIN = new Map<string, string>(PAIRS.split(" ").map((pair) => [pair[0]!, pair[1]!]));
const TO_CYRILLIC = new Map<string, string>(PAIRS.split(" ").map((pair) => [pair[1]!, pair[0]!]));

const CYRILLIC = /\p{Script=Cyrillic}/gu;
const LATIN = /\p{Script=Latin}/gu;
const count = (text: string, script: RegExp) => text.match(script)?.length ?? 0;

/** A word of both alphabets in the one it mostly is, where every other letter has a look-alike. */
function oneAlphabet(word: string): string {
  const [cyrillic, latin] = [count(word, CYRILLIC), count(word, LATIN)];
  if (!cyrillic || !latin) return word;
  const map = cyrillic >= latin ? TO_CYRILLIC : TO_LATIN;
  const other = cyrillic >= latin ? LATIN : CYRILLIC;
  const fixed = word.replace(other, (letter) => map.get(letter) ?? letter);
  return count(fixed, other) ? word : fixed;
}

/** What stands after a number (a bracket or a full stop after it kept): currencies and units as the parser reads them. */
function afterNumber(word: string, number: string, cyrillicLine: boolean): string {
  // A litre's "л" or "l" read as "1" or "|", after a volume ("0,5").
  if (/^[1|I]$/u.test(word) && /^\d+[.,]\d+$/.test(number)) return cyrillicLine ? "л" : "l";
  const [, core = word, tail = ""] = /^(.*?)([),;]*)$/u.exec(word) ?? [];
  return unitOrCurrency(core, cyrillicLine) + tail;
}

function unitOrCurrency(word: string, cyrillicLine: boolean): string {
  if (/^[BВ][rгГ]\.?$/u.test(word)) return "Br";
  if (/^[BВ][YУ][NНИМM]$/u.test(word)) return "BYN";
  if (cyrillicLine) {
    if (/^[rг]\.?$/u.test(word)) return "г";
    if (/^[rг][pр]\.?$/u.test(word)) return "гр";
    if (/^[pр]\.?$/u.test(word)) return word.replace("p", "р");
    if (/^[pр][yу][bб6]\.?$/u.test(word)) return word.endsWith(".") ? "руб." : "руб";
    if (/^[MМ][lлЛ]$/u.test(word)) return "мл";
  } else {
    if (/^[9дaаq]$/u.test(word)) return "g";
    if (/^p[ce]s\.?$/u.test(word)) return "pcs";
  }
  return word;
}

/** A line's text with its look-alike letters and lost decimal points put right; `cyrillic`: the menu's alphabet. */
export function mendOcrText(text: string, cyrillic: boolean): string {
  // Two digits after a number and a space, then the line's end or a currency: cents.
  const pointed = text.replace(/(^|\s)(\$?\d{1,4}) (\d{2})(?=\s*$|\s+(?:[BВ][rгГ]|[BВ][YУ][NНИ]|[pр]\.|[pр]$|[pр][yу]б))/gu, "$1$2.$3");
  const words = pointed.split(" ").map(oneAlphabet);
  const [inCyrillic, inLatin] = [count(pointed, CYRILLIC), count(pointed, LATIN)];
  const cyrillicLine = inCyrillic === inLatin ? cyrillic : inCyrillic > inLatin;
  return words
    .map((word, i) => {
      // "$12.50" read as "S12.50".
      if (/^S\d/.test(word)) return `$${word.slice(1)}`;
      // Belarusian "і" at a word's end read as "!".
      if (cyrillicLine && /\p{Script=Cyrillic}!$/u.test(word)) return `${word.slice(0, -1)}і`;
      // "300r" for "300г" (a glued unit).
      if (cyrillicLine && /^[\d/.,]+rp?\.?$/u.test(word)) return word.replace("r", "г").replace("p", "р");
      return i > 0 && /\d$/.test(words[i - 1]!) ? afterNumber(word, words[i - 1]!, cyrillicLine) : word;
    })
    .join(" ");
}
