import { describe, expect, it } from "vitest";
import { createApp, openApiConfig } from "../../src/app";

const document = createApp().getOpenAPI31Document(openApiConfig) as any;
const scopeOf = (method: string, path: string) => document.paths[path]?.[method]?.security?.[1]?.OAuth2;

describe("webhook operations", () => {
  it("need webhooks:read to read and webhooks:write to change; notifications need accounts:read", () => {
    const expected: [string, string, string][] = [
      ["get", "/api/v1/webhooks", "webhooks:read"],
      ["get", "/api/v1/webhooks/events", "webhooks:read"],
      ["post", "/api/v1/webhooks", "webhooks:write"],
      ["patch", "/api/v1/webhooks/{id}", "webhooks:write"],
      ["delete", "/api/v1/webhooks/{id}", "webhooks:write"],
      ["post", "/api/v1/webhooks/{id}/test", "webhooks:write"],
      ["post", "/api/v1/webhooks/{id}/rotate-secret", "webhooks:write"],
      ["get", "/api/v1/webhooks/{id}/deliveries", "webhooks:read"],
      ["post", "/api/v1/webhooks/{id}/deliveries/{eventId}/redeliver", "webhooks:write"],
      ["get", "/api/v1/events", "webhooks:read"],
      ["get", "/api/v1/notifications", "accounts:read"],
    ];
    for (const [method, path, scope] of expected) expect(scopeOf(method, path), `${method} ${path}`).toEqual([scope]);
  });
});
