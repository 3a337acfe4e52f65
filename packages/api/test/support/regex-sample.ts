/**
 * A random string matching a JSON Schema `pattern`, for the fuzzer's valid values. Knows the part of
 * regular expressions the API's schemas use: literals and escapes (\d \w \s and escaped
 * punctuation), classes with ranges, groups with alternatives, `.`, and the quantifiers ? * + {n}
 * {n,} {n,m}; anchors are implied. Lookarounds are left out: the caller tests the sample against
 * the whole pattern. Anything else (negated classes, back-references) throws, so a schema that
 * needs more is noticed rather than fuzzed with wrong values. `stretch`: open quantifiers (+ * {n,})
 * repeat at least this often (a minLength).
 */
type Node = { alt: Node[][] } | { chars: string } | { repeat: Node; min: number; max: number };

const DIGITS = "0123456789";
const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ESCAPES: Record<string, string> = { d: DIGITS, w: `${LETTERS}${DIGITS}_`, s: " " };

function parse(source: string, stretch: number): Node {
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`regex-sample: ${why} at ${i} of /${source}/`);
  };
  const escape = () => {
    const c = source[i++] ?? fail("a trailing backslash");
    if (ESCAPES[c]) return ESCAPES[c]!;
    if (/[A-Za-z0-9]/.test(c)) fail(`the escape \\${c}`);
    return c;
  };
  const klass = (): Node => {
    if (source[i] === "^") fail("a negated class");
    let chars = "";
    while (source[i] !== "]") {
      if (i >= source.length) fail("an unclosed class");
      const from = source[i] === "\\" ? (i++, escape()) : source[i++]!;
      if (source[i] === "-" && source[i + 1] !== "]" && from.length === 1) {
        i++;
        const to = source[i] === "\\" ? (i++, escape()) : source[i++]!;
        for (let code = from.charCodeAt(0); code <= to.charCodeAt(0); code++) chars += String.fromCharCode(code);
      } else chars += from;
    }
    i++;
    return { chars };
  };
  const atom = (): Node | undefined => {
    const c = source[i++]!;
    if (c === "^" || c === "$") return undefined;
    if (c === "(") {
      const lookaround = source.startsWith("?=", i) || source.startsWith("?!", i);
      if (source[i] === "?") {
        if (source[i + 1] !== ":" && !lookaround) fail("a named group");
        i += 2;
      }
      const inner = alternatives();
      if (source[i++] !== ")") fail("an unclosed group");
      return lookaround ? undefined : inner;
    }
    if (c === "[") return klass();
    if (c === "\\") return { chars: escape() };
    if (c === ".") return { chars: `${LETTERS}${DIGITS}` };
    return { chars: c };
  };
  const quantified = (node: Node): Node => {
    const q = source[i];
    let range: [number, number] | undefined;
    const open = (min: number): [number, number] => [Math.max(min, stretch), Math.max(min, stretch) + 3];
    if (q === "?") range = [0, 1];
    else if (q === "*") range = open(0);
    else if (q === "+") range = open(1);
    else if (q === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i)) ?? fail("a bad quantifier");
      const min = Number(m[1]);
      range = m[2] === undefined ? [min, min] : m[3] ? [min, Number(m[3])] : open(min);
      i += m[0].length - 1;
    }
    if (!range) return node;
    i++;
    if (source[i] === "?") i++; // lazy: the same strings
    return { repeat: node, min: range[0], max: range[1] };
  };
  function alternatives(): Node {
    const alt: Node[][] = [[]];
    while (i < source.length && source[i] !== ")") {
      if (source[i] === "|") {
        i++;
        alt.push([]);
        continue;
      }
      const node = atom();
      if (node) alt[alt.length - 1]!.push(quantified(node));
    }
    return { alt };
  }
  const tree = alternatives();
  if (i < source.length) fail("an unopened group");
  return tree;
}

function generate(node: Node, int: (n: number) => number): string {
  if ("chars" in node) return [...node.chars][int([...node.chars].length)]!;
  if ("repeat" in node) return Array.from({ length: node.min + int(node.max - node.min + 1) }, () => generate(node.repeat, int)).join("");
  return node.alt[int(node.alt.length)]!.map((n) => generate(n, int)).join("");
}

export const sampleRegex = (source: string, int: (n: number) => number, stretch = 0) => generate(parse(source, stretch), int);
