import { describe, expect, it } from "vitest";
import { Html, html } from "../../src/pages/html";

const draw = (value: unknown) => html`<p>${value}</p>`.toString();

describe("the html tag", () => {
  it("escapes what it is given: the five characters that can end text or an attribute", () => {
    expect(draw(`<script>alert("x")</script> & 'y'`)).toBe(
      "<p>&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;y&#39;</p>",
    );
    expect(html`<a title="${`" onclick="steal()`}">`.toString()).toBe('<a title="&#34; onclick=&#34;steal()">');
  });

  it("keeps its own markup and a nested template's as written, escaping only their values", () => {
    const inner = html`<b>${"<i>"}</b>`;
    expect(inner).toBeInstanceOf(Html);
    expect(draw(inner)).toBe("<p><b>&#60;i&#62;</b></p>");
    expect(draw(html`${html`${html`<em>${"&"}</em>`}`}`)).toBe("<p><em>&#38;</em></p>");
  });

  it("draws a list item after item, escaping each, nested lists flattened", () => {
    expect(draw(["<a>", html`<br>`, ["b", ["&"]]])).toBe("<p>&#60;a&#62;<br>b&#38;</p>");
    expect(draw([])).toBe("<p></p>");
  });

  it.each([true, false, null, undefined])("draws nothing for %s", (value) => {
    expect(draw(value)).toBe("<p></p>");
  });

  it("draws nothing for a part shown only sometimes (`cond && html`), in a list too", () => {
    const shown = (ok: boolean) => html`<li>${ok && html`<b>ok</b>`}${!ok && "no"}</li>`.toString();
    expect(shown(true)).toBe("<li><b>ok</b></li>");
    expect(shown(false)).toBe("<li>no</li>");
    expect(draw([1, 2, 3].map((n) => n !== 2 && html`<i>${n}</i>`))).toBe("<p><i>1</i><i>3</i></p>");
    expect(draw([null, undefined, true, false])).toBe("<p></p>");
  });

  it("draws numbers, 0 included, and the empty string as nothing", () => {
    expect(draw(0)).toBe("<p>0</p>");
    expect(draw(-1.5)).toBe("<p>-1.5</p>");
    expect(draw(Number.NaN)).toBe("<p>NaN</p>");
    expect(draw("")).toBe("<p></p>");
    expect(draw("false")).toBe("<p>false</p>");
  });

  it("trusts only Html: a raw value is drawn as given, anything else escaped as its text", () => {
    expect(draw(new Html("<hr>"))).toBe("<p><hr></p>");
    expect(draw({ toString: () => "<hr>" })).toBe("<p>&#60;hr&#62;</p>");
    expect(draw(new String("<hr>"))).toBe("<p>&#60;hr&#62;</p>");
  });

  it("leaves the template's own text alone, with no value or with values at either end", () => {
    expect(html`<p>&amp;</p>`.toString()).toBe("<p>&amp;</p>");
    expect(html`${"<"}x${">"}`.toString()).toBe("&#60;x&#62;");
  });
});
