import { describe, expect, it } from "vitest";
import { cookieValue } from "../src/shared/cookie";
import { escapeHtml } from "../src/shared/html";
import { isOrgId } from "../src/shared/reviews-org";

describe("the shared small rules", () => {
  it("reads one cookie from a Cookie header or document.cookie, whatever the spaces, decoding its value", () => {
    const cookies = "a=1; menu_language=zh;locale=ru%2Dby ;  empty=; session=x=y";
    expect(cookieValue(cookies, "menu_language")).toBe("zh");
    expect(cookieValue(cookies, "locale")).toBe("ru-by");
    expect(cookieValue(cookies, "empty")).toBe("");
    expect(cookieValue(cookies, "session")).toBe("x=y");
    expect(cookieValue(cookies, "missing")).toBeUndefined();
    expect(cookieValue("bad=%E0%A4%A", "bad")).toBeUndefined();
    expect(cookieValue(undefined, "a")).toBeUndefined();
  });

  it("escapes text for HTML elements and quoted attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;");
  });

  it("takes a reviews organisation id of digits only", () => {
    expect(["1234567890", "1"].every(isOrgId)).toBe(true);
    expect([undefined, null, "", "12a", "1".repeat(21), " 12"].some(isOrgId)).toBe(false);
  });
});
