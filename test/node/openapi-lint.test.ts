// The OpenAPI document against the standard linters, offline: Redocly's recommended rules (redocly.yaml) and
// Spectral's spectral:oas (.spectral.yaml). Each answers no problem; an exception lives in the linter's config.
import { readFileSync } from "node:fs";
import net from "node:net";
import { resolve } from "node:path";
import { lintFromString, loadConfig } from "@redocly/openapi-core";
import { Document, Ruleset, Spectral } from "@stoplight/spectral-core";
import { Json, parseYaml } from "@stoplight/spectral-parsers";
import { oas } from "@stoplight/spectral-rulesets";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createApp, openApiConfig } from "../../src/app";

const root = resolve(import.meta.dirname, "../..");
const source = JSON.stringify(createApp().getOpenAPI31Document(openApiConfig), null, 2);
// Where the linters think the document is: the name .redocly.lint-ignore.yaml lists its exceptions under.
const documentPath = resolve(root, "openapi.json");

async function redoclyProblems(text = source) {
  const config = await loadConfig({ configPath: resolve(root, "redocly.yaml") });
  const problems = await lintFromString({ source: text, absoluteRef: documentPath, config });
  return problems
    .filter((problem) => !problem.ignored)
    .map((problem) => `${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`);
}

/** .spectral.yaml, whose only base is Spectral's built-in `spectral:oas`: nothing is fetched or bundled. */
function spectralRuleset() {
  const file = resolve(root, ".spectral.yaml");
  const { extends: bases, ...rest } = parseYaml(readFileSync(file, "utf8")).data as { extends: unknown };
  const builtIn = (base: unknown) => {
    if (base !== "spectral:oas") throw new Error(`.spectral.yaml extends ${String(base)}: only spectral:oas is loaded`);
    return oas;
  };
  return new Ruleset({ ...rest, extends: [bases].flat().map(builtIn) }, { source: file });
}

async function spectralProblems(text = source) {
  const spectral = new Spectral();
  spectral.setRuleset(spectralRuleset());
  const results = await spectral.run(new Document(text, Json, documentPath));
  return results.map((result) => `${result.severity} ${result.code} ${result.path.join(".")}: ${result.message}`);
}

/** How many outgoing connections (fetch, http, a socket) `run` tried; none is let through. */
async function connectionsDuring(run: () => Promise<unknown>) {
  const connect = vi.spyOn(net.Socket.prototype, "connect").mockImplementation(() => {
    throw new Error("the linters must not reach the network");
  });
  try {
    await run().catch(() => undefined);
    return connect.mock.calls.length;
  } finally {
    connect.mockRestore();
  }
}

describe("the OpenAPI document and the standard linters", () => {
  let redocly: string[] = [];
  let spectral: string[] = [];
  let connections = 0;
  beforeAll(async () => {
    connections = await connectionsDuring(async () => {
      [redocly, spectral] = await Promise.all([redoclyProblems(), spectralProblems()]);
    });
  }, 30_000);

  it("passes Redocly's recommended rules with no error and no warning", () => {
    expect(redocly).toEqual([]);
  });

  it("passes Spectral's spectral:oas rules with no problem", () => {
    expect(spectral).toEqual([]);
  });

  it("lints offline: neither linter opens a connection (and the guard sees one when made)", async () => {
    expect(connections).toBe(0);
    expect(await connectionsDuring(() => fetch("http://127.0.0.1:54321/"))).toBe(1);
  });

  it("still refuses what the document once had: no servers, an undeclared tag, scopes on the API key", async () => {
    const { servers, paths, ...document } = JSON.parse(source);
    const operation = { ...paths["/api/v1/posts"].get, tags: ["Undeclared"], security: [{ ApiKey: ["posts:read"] }] };
    const text = JSON.stringify({ ...document, paths: { "/api/v1/posts": { get: operation } } });
    expect(servers).toEqual([{ url: "/", description: "This Herald deployment" }]);
    const errors = (await redoclyProblems(text)).filter((problem) => problem.startsWith("error"));
    expect(errors).toEqual([expect.stringMatching(/^error no-empty-servers /)]);
    expect((await spectralProblems(text)).map((problem) => problem.split(":")[0])).toEqual(
      expect.arrayContaining([
        "1 oas3-api-servers ",
        "1 operation-tag-defined paths./api/v1/posts.get.tags.0",
        "1 oas3-operation-security-defined paths./api/v1/posts.get.security.0.ApiKey.0",
      ]),
    );
  });
});
