/**
 * The guest renderer of rich text (web/src/features/guest-menu/components/rich-text.tsx), rendered to
 * static HTML: no HTML from users is ever injected, links are limited to http, https, mailto and
 * tel, and unparsable text shows the Russian placeholder of SPEC section 8.
 */
import { describe, expect, it } from "vitest";
import { publishDelta } from "@menu/core/publish/build";
import type { DeltaOp } from "@menu/core/shared/published-menu";

// The SPA's own React and react-intl (web/node_modules), loaded by path: core has no React types.
const web = (path: string) => new URL(`../../../web/${path}`, import.meta.url).pathname;
type Element = unknown;
type CreateElement = (type: unknown, props: Record<string, unknown> | null, ...children: Element[]) => Element;
const { createElement } = (await import(web("node_modules/react/index.js"))) as { createElement: CreateElement };
const { renderToStaticMarkup } = (await import(web("node_modules/react-dom/server.node.js"))) as { renderToStaticMarkup: (e: Element) => string };
type GuestIntl = unknown;
const { GuestIntlProvider, createGuestIntl } = (await import(web("src/features/guest-menu/intl.tsx"))) as {
  GuestIntlProvider: unknown;
  createGuestIntl: (locale: string, catalog: Record<string, { type: 0; value: string }[]>) => GuestIntl;
};
const { RichText } = (await import(web("src/features/guest-menu/components/rich-text.tsx"))) as { RichText: (p: { ops: DeltaOp[] | null | undefined }) => Element };
const ru = (await import(web("src/i18n/messages/ru.json"))) as { default: Record<string, string> };

// The guest catalog as the build compiles it: the placeholder's message is plain text.
const guestIntl = createGuestIntl("ru", { "menu.richText.broken": [{ type: 0, value: ru.default["menu.richText.broken"]! }] });
const render = (stored: string) =>
  renderToStaticMarkup(createElement(GuestIntlProvider, { value: guestIntl }, createElement(RichText, { ops: publishDelta(stored) })));
const delta = (...ops: unknown[]) => JSON.stringify({ ops });

describe("guest rich-text renderer", () => {
  it("renders headers, inline formats, lists and safe links", () => {
    const html = render(
      delta(
        { insert: "Борщ" },
        { insert: "\n", attributes: { header: 1 } },
        { insert: "со " },
        { insert: "сметаной", attributes: { bold: true } },
        { insert: " и " },
        { insert: "зеленью", attributes: { italic: true, underline: true } },
        { insert: ". " },
        { insert: "Сайт", attributes: { link: "https://example.com" } },
        { insert: "\nсвёкла" },
        { insert: "\n", attributes: { list: "bullet" } },
        { insert: "капуста" },
        { insert: "\n", attributes: { list: "bullet" } },
        { insert: "варить" },
        { insert: "\n", attributes: { list: "ordered" } },
      ),
    );
    expect(html).toBe(
      '<div class="rich-text "><h3>Борщ</h3><p>со <strong>сметаной</strong> и <u><em>зеленью</em></u>. ' +
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">Сайт</a></p>' +
        "<ul><li>свёкла</li><li>капуста</li></ul><ol><li>варить</li></ol></div>",
    );
  });

  it("shows HTML in the text as text", () => {
    const html = render(delta({ insert: '<img src=x onerror="alert(1)"><script>alert(2)</script>\n' }));
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    expect(html).toContain("&lt;script&gt;");
  });

  it("shows the text of unsafe links without a link", () => {
    for (const link of ["javascript:alert(1)", " JAVASCRIPT:alert(1)", "data:text/html,<b>x</b>", "vbscript:x"]) {
      const html = render(delta({ insert: "жми", attributes: { link } }, { insert: "\n" }));
      expect(html).toBe('<div class="rich-text "><p>жми</p></div>');
    }
    expect(render(delta({ insert: "позвонить", attributes: { link: "tel:+375291234567" } }, { insert: "\n" }))).toContain('href="tel:+375291234567"');
    expect(render(delta({ insert: "написать", attributes: { link: "mailto:a@b.by" } }, { insert: "\n" }))).toContain('href="mailto:a@b.by"');
  });

  it("shows the Russian placeholder for unparsable text, nothing for empty text", () => {
    for (const broken of ['{"ops":[{"insert":"Hi', '{"text":"x"}']) {
      expect(render(broken)).toBe('<p class="rich-text rich-text--broken ">Содержимое было повреждено при передаче</p>');
    }
    expect(render("")).toBe("");
  });
});
