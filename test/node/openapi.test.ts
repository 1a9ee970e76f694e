import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { createApp, openApiConfig } from "../../src/app";
import { API_ERRORS, type ApiErrorCode } from "../../src/lib/error-codes";
import { AppError } from "../../src/lib/errors";
import { WEBHOOK_EVENTS } from "../../src/schemas/webhooks";

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

  it("describes the request of every event Herald sends under webhooks, each body naming its event", () => {
    expect(Object.keys(document.webhooks)).toEqual([...WEBHOOK_EVENTS]);
    for (const [event, item] of Object.entries<any>(document.webhooks)) {
      const ref: string = item.post.requestBody.content["application/json"].schema.$ref;
      const body = document.components.schemas[ref.split("/").pop()!];
      expect(body.required).toEqual(["id", "event", "timestamp", "data"]);
      expect(body.properties.event.enum ?? [body.properties.event.const]).toEqual([event]);
      expect([item.post.operationId, item.post.security]).toEqual([expect.stringMatching(/^receive[A-Z]\w+$/), []]);
      const headers = item.post.parameters.map((p: { name: string }) => p.name);
      expect(headers).toEqual(expect.arrayContaining(["X-Service-Signature", "webhook-id", "webhook-signature"]));
    }
    const disconnected = document.components.schemas.AccountDisconnectedEventData;
    expect(disconnected.required).toEqual(["accountId", "platform", "reason", "at"]);
    expect(disconnected.properties.reason.enum).toEqual(["owner", "reauth_required", "platform_revoked"]);
    const message = document.components.schemas.MessageReceivedEventData;
    expect(Object.keys(message.properties)).toEqual([
      "accountId",
      "platform",
      "conversationId",
      "contactId",
      "messageId",
      "text",
      "media",
      "receivedAt",
    ]);
    expect(message.required).not.toContain("media");
    expect(Object.keys(document.components.schemas.FlowCompletedEventData.properties)).not.toContain("value");
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

  it("declares the scopes of every authenticated operation (one, or all of several) on OAuth 2, none on the key", () => {
    for (const operations of Object.values<Record<string, any>>(document.paths)) {
      for (const operation of Object.values(operations)) {
        if (!operation.security?.length) continue;
        expect(operation.security[0]).toEqual({ ApiKey: [] });
        expect(operation.security[1].OAuth2.length).toBeGreaterThan(0);
        expect(operation.description).toContain(`\`${operation.security[1].OAuth2[0]}\``);
      }
    }
    expect(document.paths["/api/v1/posts/{id}/automation"].put.security[1].OAuth2).toEqual([
      "posts:write",
      "flows:write",
    ]);
  });

  it("marks the operations that need no credential with an empty security requirement", () => {
    const open = operations().filter(({ operation }) => operation.security?.length === 0);
    expect(open.map(({ route }) => route).sort()).toEqual([
      "GET /api/v1/connect/{platform}/callback",
      "GET /api/v1/health",
      "GET /api/v1/ping",
      "GET /api/v1/sandbox/emails",
      "GET /l/{code}",
      "GET /media/{key}",
      "POST /api/v1/sandbox/users",
    ]);
    expect(operations().filter(({ operation }) => operation.security === undefined)).toEqual([]);
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
        "updateFlow",
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

  const operations = () =>
    Object.entries<Record<string, any>>(document.paths).flatMap(([path, ops]) =>
      Object.entries<any>(ops).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
    );
  const codesOf = (response: any): ApiErrorCode[] =>
    response.content?.["application/json"]?.schema?.allOf?.[1]?.properties?.error?.properties?.code?.enum ?? [];

  it("lists, per route, the catalog codes it can answer, each under the catalog's status", () => {
    for (const { route, operation } of operations()) {
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        if (Number(status) < 400) continue;
        const codes = codesOf(response);
        expect(codes.length, `${route} ${status}`).toBeGreaterThan(0);
        for (const code of codes)
          expect([route, code, API_ERRORS[code]?.status]).toEqual([route, code, Number(status)]);
        for (const code of codes) expect(response.description).toContain(`\`${code}\``);
      }
    }
    const codes = (route: string) =>
      Object.values<any>(operations().find((o) => o.route === route)!.operation.responses).flatMap(codesOf);
    expect(codes("GET /api/v1/find-slot")).toEqual(
      expect.arrayContaining(["invalid_accounts", "no_slots", "no_free_slot"]),
    );
    expect(codes("DELETE /api/v1/posts/{id}/plugs")).toEqual(expect.arrayContaining(["firing", "feature_disabled"]));
    expect(codes("GET /api/v1/connected-accounts")).not.toContain("feature_disabled");
  });

  it("documents every API error code on some route, but those only pages, agent tools and platform webhooks answer", () => {
    const documented = new Set<string>(
      operations().flatMap(({ operation }) => Object.values<any>(operation.responses).flatMap(codesOf)),
    );
    const pagesOnly = [
      // sign-in and sign-up forms
      "invalid_credentials",
      "no_workspace",
      "email_taken",
      "csrf_failed",
      // a client's invite and consent pages
      "platform_not_offered",
      "other_user_signed_in",
      "invite_full",
      "invite_gone",
      // a reviewer's page
      "comments_disabled",
      "review_link_gone",
      // agent tools behind a rollout
      "not_enabled",
      // the platforms' event webhooks (Meta calls them, not clients; they are not in the reference)
      "invalid_signature",
      "verify_token_mismatch",
      // the mail adapter's refusals: a route that lets them through lists them; invitations go out without them
      "mail_not_configured",
      "mail_failed",
    ];
    const missing = Object.keys(API_ERRORS).filter((code) => !documented.has(code) && !pagesOnly.includes(code));
    expect(missing).toEqual([]);
  });

  it("names every operation with a unique camelCase operationId", () => {
    const ids = operations().map(({ route, operation }) => [route, operation.operationId] as const);
    expect(ids.filter(([, id]) => !/^[a-z][a-zA-Z]+$/.test(id ?? ""))).toEqual([]);
    const named = ids.map(([, id]) => id);
    expect(named.filter((id, i) => named.indexOf(id) !== i)).toEqual([]);
  });

  it("gives an AppError the status its code has in the catalog", () => {
    expect([new AppError("busy", "x").status, new AppError("payload_too_large", "x").status]).toEqual([409, 413]);
  });
});
