// The Hono app: the OpenAPI document's header, and the routes (api/, web/, and the rest) mounted behind the runtime.
import { HTTPException } from "hono/http-exception";
import { AppError, validationError } from "./lib/errors";
import { log } from "./lib/log";
import { apiRoutes } from "./routes/api";
import { registerStepDataSchemas } from "./routes/api/flows";
import { floorRoutes, VERSION } from "./routes/api/system";
import { registerEventWebhooks } from "./routes/api/webhook-events";
import { connectCallbackRoutes } from "./routes/connect-callback";
import { mcpRoutes } from "./routes/mcp";
import { mediaRoutes } from "./routes/media";
import { countCredential, failure, noSuchRoute, withRequestId, withRuntime } from "./routes/middleware";
import { oauthRoutes } from "./routes/oauth";
import { platformWebhookRoutes } from "./routes/platform-webhooks";
import { createRouter } from "./routes/router";
import { sandboxRoutes } from "./routes/sandbox";
import { shortLinkRoutes } from "./routes/short-links";
import { API_TAGS } from "./routes/tags";
import { webRoutes } from "./routes/web";
import { ErrorSchema } from "./schemas/common";
import { describeScope, SCOPES } from "./services/auth/auth";

export const openApiConfig = {
  openapi: "3.1.0",
  info: {
    title: "Herald API",
    version: VERSION,
    description:
      "Social publishing and automation. Every success is `{ success: true, data }`; every failure `{ success: false, error: { code, message, request_id, … } }`, and every answer carries its request id in `X-Request-Id` (send your own, up to 128 letters, digits, `-`, `_` or `=`, to find a request in Herald's logs by it).\n\nWhat changed in each version: [changelog](/changelog).",
    // Each deployment is run by its owner, who answers for it; the document is the same for all of them.
    contact: { name: "The operator of this Herald deployment" },
    license: { name: "Proprietary" },
  },
  // Paths are whole (`/api/v1/…`, `/l/…`, `/media/…`): the server is the origin that serves this document.
  servers: [{ url: "/", description: "This Herald deployment" }],
  tags: API_TAGS.map((tag) => ({ ...tag })),
};

export function createApp() {
  const app = createRouter();
  app.use("*", ...withRequestId);
  app.use("/api/v1/*", countCredential);
  app.route("/", floorRoutes);
  app.use("*", withRuntime);
  app.route("/", apiRoutes);
  app.route("/", connectCallbackRoutes);
  app.route("/", shortLinkRoutes);
  app.route("/", mediaRoutes);
  app.route("/", sandboxRoutes);
  app.route("/", platformWebhookRoutes);
  app.route("/", oauthRoutes);
  app.route("/", webRoutes);
  app.route("/", mcpRoutes);

  // Every error answer refers to the failure envelope (see `errorResponses`).
  app.openAPIRegistry.register("Error", ErrorSchema);
  app.openAPIRegistry.registerComponent("securitySchemes", "ApiKey", {
    type: "apiKey",
    in: "header",
    name: "X-API-Key",
    description:
      "A key starting with `sk_`, created under /api/v1/api-keys. It holds every scope of its user, so operations name their scope on `OAuth2` (and in their description) only.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "OAuth2", {
    type: "oauth2",
    description: "OAuth 2.1 authorization code with PKCE (S256); send the access token as `Authorization: Bearer`.",
    flows: {
      authorizationCode: {
        authorizationUrl: "/api/oauth/authorize",
        tokenUrl: "/api/oauth/token",
        refreshUrl: "/api/oauth/token",
        scopes: Object.fromEntries(SCOPES.map((s) => [s, describeScope(s)])),
      },
    },
  });
  registerEventWebhooks(app);
  registerStepDataSchemas(app);
  app.doc31("/api/v1/openapi.json", openApiConfig);

  app.notFound(noSuchRoute);
  app.onError((err, c) => {
    if (err instanceof AppError) return failure(c, err);
    // Hono's JSON validator refuses a body that does not parse.
    if (err instanceof HTTPException && err.status === 400) return failure(c, validationError("body", err.message));
    log.error("request.unhandled_error", { method: c.req.method, route: c.req.routePath, error: err });
    return failure(c, new AppError("internal_error", "Something went wrong on our side"));
  });
  return app;
}
