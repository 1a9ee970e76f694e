import { describe, expect, it } from "vitest";
import { pagePreview, previewOf } from "../../../src/platforms/link-card";
import { json, scriptedPlatform } from "../helpers/platform";

describe("a page's preview for a link card", () => {
  it("reads Open Graph tags first, then Twitter's, then the title and meta description; decodes entities", () => {
    const og = `<meta content='Caf&eacute; &#x2615; &#8212; open' property="og:title">
      <meta property="og:description" content="Two &lt;three&gt;"><meta property="og:image" content="https://cdn.example/a.png">`;
    expect(previewOf(og, "https://a.example/x")).toEqual({
      url: "https://a.example/x",
      // An entity Herald does not know stays as it is.
      title: "Caf&eacute; ☕ — open",
      description: "Two <three>",
      image: "https://cdn.example/a.png",
    });
    const fallback = `<title> Plain title </title><meta name="description" content="About it">
      <meta name="twitter:image" content="../img/b.jpg">`;
    expect(previewOf(fallback, "https://a.example/blog/post")).toEqual({
      url: "https://a.example/blog/post",
      title: "Plain title",
      description: "About it",
      image: "https://a.example/img/b.jpg",
    });
    expect(previewOf(`<meta name="twitter:title" content="T">`, "https://a.example/")).toMatchObject({ title: "T" });
    expect(previewOf("<head><body>no title</body>", "https://a.example/")).toBeNull();
  });

  it("gives none for a page that is not HTML, fails, or is not on a public host (never asked)", async () => {
    const platform = scriptedPlatform([
      { expect: "GET https://a.example/file.json", answer: json(200, { title: "not a page" }) },
      { expect: "GET https://a.example/down", answer: "network-error" },
    ]);
    expect(await pagePreview(platform.deps, "https://a.example/file.json")).toBeNull();
    expect(await pagePreview(platform.deps, "https://a.example/down")).toBeNull();
    expect(await pagePreview(platform.deps, "http://127.0.0.1:8080/admin")).toBeNull();
    expect(platform.sent.map((s) => s.url)).toEqual(["https://a.example/file.json", "https://a.example/down"]);
  });

  it("reads no further than the head", async () => {
    const head = `<head><meta property="og:title" content="Early"></head>`;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new TextEncoder().encode(pulled === 1 ? head : "<p>body</p>".repeat(10_000)));
        if (pulled > 1000) controller.close();
      },
    });
    const platform = scriptedPlatform([
      {
        expect: "GET https://a.example/long",
        answer: () => new Response(body, { headers: { "content-type": "text/html" } }),
      },
    ]);
    expect(await pagePreview(platform.deps, "https://a.example/long")).toMatchObject({ title: "Early" });
    expect(pulled).toBeLessThan(10);
  });
});
