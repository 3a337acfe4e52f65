/**
 * The part of the guest styles a pre-rendered page's own markup uses, for its inline <style>: a
 * rule is kept when one of its selectors names only classes found in the markup (rules naming no
 * class are always kept). The rest (the item window, the cart, the filter, other pages) comes with
 * the app, whose stylesheets the starter loads before it runs the app. So the page's HTML fits in
 * the first round trip of a new connection (about 14 KB compressed) instead of two.
 *
 * The guest CSS is the build's own minified output (rules, @media blocks of rules, @keyframes; no
 * nesting). A selector with :not() is always kept: its class may be one the markup lacks.
 */
type Rule = { text: string; selectors: string[][] } | { head: string; rules: Rule[] } | { text: string };

/** The top-level blocks of a stylesheet: `prelude{...}` with nested braces kept whole. */
function blocks(css: string): { prelude: string; body: string }[] {
  const out: { prelude: string; body: string }[] = [];
  let depth = 0;
  let start = 0;
  let open = 0;
  for (let i = 0; i < css.length; i++) {
    if (css[i] === "{" && depth++ === 0) open = i;
    else if (css[i] === "}" && --depth === 0) {
      out.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, i) });
      start = i + 1;
    }
  }
  return out;
}

function parse(css: string): Rule[] {
  return blocks(css).map(({ prelude, body }) => {
    if (prelude.startsWith("@media") || prelude.startsWith("@supports")) return { head: prelude, rules: parse(body) };
    if (prelude.startsWith("@")) return { text: `${prelude}{${body}}` };
    const selectors = prelude.split(",").map((s) => (s.includes(":not(") ? [] : [...s.matchAll(/\.([\w-]+)/g)].map((m) => m[1]!)));
    return { text: `${prelude}{${body}}`, selectors };
  });
}

function keep(rules: Rule[], used: ReadonlySet<string>): string {
  return rules
    .map((rule) => {
      if ("head" in rule) {
        const inner = keep(rule.rules, used);
        return inner ? `${rule.head}{${inner}}` : "";
      }
      if (!("selectors" in rule)) return rule.text;
      return rule.selectors.some((classes) => classes.every((c) => used.has(c))) ? rule.text : "";
    })
    .join("");
}

/** Prunes `css` for pages whose markup carries the given classes (plus `always`, set by scripts). */
export function criticalCss(css: string, always: readonly string[] = []) {
  const rules = parse(css);
  return (markup: string) => {
    const used = new Set(always);
    for (const m of markup.matchAll(/\bclass="([^"]*)"/g)) for (const c of m[1]!.split(/\s+/)) if (c) used.add(c);
    return keep(rules, used);
  };
}
