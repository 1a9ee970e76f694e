import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { VERSION } from "../../src/changelog";
import { api } from "./helpers/api";

describe("/changelog", () => {
  it("serves CHANGELOG.md rendered as a page, with the page headers", async () => {
    const res = await exports.default.fetch(new Request("http://herald.test/changelog"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const body = await res.text();
    expect(body).toContain("<title>Changelog · Herald</title>");
    expect(body).toContain("<h1>Changelog</h1>");
    expect(body).toContain(`<h2>[${VERSION}] - `);
    expect(body).toContain("<h3>REST API</h3>");
    expect(body).toContain('<a href="https://keepachangelog.com/en/1.1.0/">Keep a Changelog</a>');
    expect(body).toContain("<code>GET /api/v1/analytics/overview?from=&amp;to=&amp;account_ids=</code>");
    expect(body).toContain('<a href="/api/v1/docs">API reference</a>');
  });

  it("names the version the API reports", async () => {
    expect((await api("GET", "/api/v1/health")).body.data.version).toBe(VERSION);
    expect((await api("GET", "/api/v1/openapi.json")).body.info.version).toBe(VERSION);
  });
});
