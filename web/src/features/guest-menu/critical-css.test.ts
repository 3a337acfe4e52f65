import { describe, expect, it } from "vitest";
import { criticalCss } from "./critical-css";

const css = [
  ":root{--accent:#c2410c}",
  "body{margin:0}",
  ".card{padding:8px}",
  ".card__title,.modal__title{font-weight:700}",
  ".modal{position:fixed}",
  ".card .badge{color:red}",
  "html.waking body:before{content:\"\"}",
  ".chip:not(.chip--on){opacity:.5}",
  "@media(min-width:600px){.card{padding:16px}.modal{inset:0}}",
  "@media(prefers-color-scheme:dark){.modal{background:#000}}",
  "@keyframes spin{0%{transform:rotate(0)}to{transform:rotate(1turn)}}",
].join("");

describe("the inline styles of a pre-rendered page", () => {
  const page = criticalCss(css, ["waking"]);

  it("keeps the rules whose classes the markup carries, and every rule naming no class", () => {
    const kept = page('<article class="card"><h3 class="card__title">Борщ</h3></article>');
    expect(kept).toBe(
      [
        ":root{--accent:#c2410c}",
        "body{margin:0}",
        ".card{padding:8px}",
        ".card__title,.modal__title{font-weight:700}",
        "html.waking body:before{content:\"\"}",
        ".chip:not(.chip--on){opacity:.5}",
        "@media(min-width:600px){.card{padding:16px}}",
        "@keyframes spin{0%{transform:rotate(0)}to{transform:rotate(1turn)}}",
      ].join(""),
    );
  });

  it("needs every class of a selector, and drops a media block left empty", () => {
    expect(page('<div class="modal"></div>')).toContain("@media(prefers-color-scheme:dark){.modal{background:#000}}");
    expect(page('<div class="badge"></div>')).not.toContain(".card .badge");
    expect(page('<div class="card"><span class="badge x"></span></div>')).toContain(".card .badge{color:red}");
    expect(page("<p>text</p>")).not.toContain("@media");
  });
});
