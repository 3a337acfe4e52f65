/**
 * The Markdown renderer of the legal pages (web/src/features/legal/markdown.tsx), rendered to
 * static HTML: headings, paragraphs, lists, bold, code and safe links; HTML in a document is text.
 */
import { describe, expect, it } from "vitest";

// The SPA's own React (web/node_modules), loaded by path: core has no React types.
const web = (path: string) => new URL(`../../../web/${path}`, import.meta.url).pathname;
type Element = unknown;
const { createElement } = (await import(web("node_modules/react/index.js"))) as { createElement: (type: unknown, props: Record<string, unknown> | null) => Element };
const { renderToStaticMarkup } = (await import(web("node_modules/react-dom/server.node.js"))) as { renderToStaticMarkup: (e: Element) => string };
const { Markdown, parseMarkdown } = (await import(web("src/features/legal/markdown.tsx"))) as {
  Markdown: (p: { source: string }) => Element;
  parseMarkdown: (source: string) => unknown[];
};

const render = (source: string) => renderToStaticMarkup(createElement(Markdown, { source }));

describe("legal pages' Markdown", () => {
  it("renders headings, paragraphs joined across lines, bullet and numbered lists, bold and code", () => {
    const html = render("# Title\n\nFirst line\nsecond line **bold** and `menu_language`.\n\n## Part\n\n- one\n- two\n  continued\n\n1. first\n2. second\n\n### Small");
    expect(html).toBe(
      "<h1>Title</h1><p>First line second line <strong>bold</strong> and <code>menu_language</code>.</p><h2>Part</h2>" +
        "<ul><li>one</li><li>two continued</li></ul><ol><li>first</li><li>second</li></ol><h3>Small</h3>",
    );
  });

  it("shows HTML as text and keeps only http(s), mailto and tel links", () => {
    const html = render('<script>alert(1)</script> <img src=x onerror="alert(1)">\n\n[a](javascript:alert(1)) [b](https://example.com/x) [c](mailto:help@example.com) [d](data:text/html,hi)');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toMatch(/href="(javascript|data):/);
    expect(html).toContain('<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">b</a>');
    expect(html).toContain('<a href="mailto:help@example.com">c</a>');
    expect(html).toMatch(/<p>a\)? /);
  });

  it("parses every document in the repository (each language) into a title and sections", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const dir = web("src/content/legal");
    const files = readdirSync(dir).filter((f) => f.endsWith(".md"));
    expect(files.sort()).toEqual(
      ["offer", "privacy-policy", "privacy", "user-agreement"].flatMap((d) => ["en", "ru", "zh"].map((l) => `${d}.${l}.md`)).sort(),
    );
    for (const file of files) {
      const blocks = parseMarkdown(readFileSync(`${dir}/${file}`, "utf8")) as { kind: string; level?: number }[];
      expect(blocks[0], file).toMatchObject({ kind: "heading", level: 1 });
      expect(blocks.filter((b) => b.kind === "heading" && b.level === 2).length, file).toBeGreaterThan(3);
    }
  });
});
