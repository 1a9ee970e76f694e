import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { createApp, openApiConfig } from "../../src/app";

const app = createApp();
const document = app.getOpenAPI31Document(openApiConfig) as any;

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document with info.version", async () => {
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("describes every route the Worker serves", () => {
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries<Record<string, unknown>>(document.paths)) {
      for (const method of Object.keys(operations)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    // The OAuth endpoints are described by their RFC 8414 metadata, not by OpenAPI.
    const served = app.routes
      .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/") && !r.path.startsWith("/api/oauth/"))
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`);
    const undocumented = served.filter(
      (route) => !documented.has(route) && !["GET /api/v1/openapi.json", "GET /api/v1/docs"].includes(route),
    );
    expect(undocumented).toEqual([]);
  });

  it("declares the scopes of every authenticated operation (one, or all of several)", () => {
    for (const operations of Object.values<Record<string, any>>(document.paths)) {
      for (const operation of Object.values(operations)) {
        if (!operation.security) continue;
        expect(operation.security[0].ApiKey.length).toBeGreaterThan(0);
        expect(operation.security[1].OAuth2).toEqual(operation.security[0].ApiKey);
      }
    }
    expect(document.paths["/api/v1/posts/{id}/automation"].put.security[0].ApiKey).toEqual([
      "posts:write",
      "flows:write",
    ]);
  });

  it("names the flow operations with camelCase verbs, each once", () => {
    const ids = Object.values<Record<string, any>>(document.paths).flatMap((operations) =>
      Object.values(operations).flatMap((o) => (o.operationId ? [o.operationId as string] : [])),
    );
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining([
        "listFlows",
        "createFlow",
        "getFlow",
        "renameFlow",
        "deleteFlow",
        "generateFlow",
        "updateFlowNode",
        "addFlowNode",
        "deleteFlowNode",
        "addFlowEdge",
        "deleteFlowEdge",
        "listFlowRevisions",
        "revertFlow",
        "duplicateFlow",
        "activateFlow",
        "deactivateFlow",
        "getAiCredits",
        "getPostAutomation",
        "attachPostAutomation",
        "armPostAutomation",
        "detachPostAutomation",
      ]),
    );
  });

  it("names the review-link operations with camelCase operationIds", () => {
    const ids = (path: string, method: string) => document.paths[path][method].operationId;
    expect([
      ids("/api/v1/posts/{id}/review-links", "post"),
      ids("/api/v1/posts/{id}/review-links", "get"),
      ids("/api/v1/posts/{id}/review-links/{linkId}", "delete"),
      ids("/api/v1/posts/{id}/request-approval", "post"),
    ]).toEqual(["createReviewLink", "listReviewLinks", "revokeReviewLink", "requestPostApproval"]);
  });
});
