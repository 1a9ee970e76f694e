// The Hono app: the OpenAPI document's header and every group of routes, mounted in order behind the runtime.
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError, validationError } from "./lib/errors";
import { accountGroupRoutes } from "./routes/account-groups";
import { accountRoutes } from "./routes/accounts";
import { analyticsRoutes } from "./routes/analytics";
import { apiKeyRoutes } from "./routes/api-keys";
import { clientInviteRoutes } from "./routes/client-invites";
import { collectedDataRoutes } from "./routes/collected-data";
import { connectRoutes } from "./routes/connect";
import { consentPageRoutes } from "./routes/consent-pages";
import { contactRoutes } from "./routes/contacts";
import { dashboardRoutes } from "./routes/dashboard";
import { dashboardAccountRoutes } from "./routes/dashboard-accounts";
import { dashboardAnalyticsRoutes } from "./routes/dashboard-analytics";
import { dashboardComposeRoutes } from "./routes/dashboard-compose";
import { dashboardFlowRoutes } from "./routes/dashboard-flows";
import { dashboardWebhookRoutes } from "./routes/dashboard-webhooks";
import { destinationRoutes } from "./routes/destinations";
import { eventRoutes } from "./routes/events";
import { flowEditRoutes } from "./routes/flow-edits";
import { flowExecutionRoutes } from "./routes/flow-executions";
import { flowRoutes, registerStepDataSchemas } from "./routes/flows";
import { mcpRoutes } from "./routes/mcp";
import { mediaRoutes } from "./routes/media";
import { countCredential, noSuchRoute, withRuntime } from "./routes/middleware";
import { notificationRoutes } from "./routes/notifications";
import { oauthRoutes } from "./routes/oauth";
import { pageRoutes } from "./routes/pages";
import { platformWebhookRoutes } from "./routes/platform-webhooks";
import { plugRoutes } from "./routes/plugs";
import { postAutomationRoutes } from "./routes/post-automation";
import { postingSlotRoutes } from "./routes/posting-slots";
import { postRoutes } from "./routes/posts";
import { reviewPageRoutes } from "./routes/review-pages";
import { reviewRoutes } from "./routes/reviews";
import { createRouter } from "./routes/router";
import { rssFeedRoutes } from "./routes/rss-feeds";
import { sandboxRoutes } from "./routes/sandbox";
import { shortLinkRoutes } from "./routes/short-links";
import { signatureRoutes } from "./routes/signatures";
import { floorRoutes, systemRoutes, VERSION } from "./routes/system";
import { API_TAGS } from "./routes/tags";
import { registerEventWebhooks } from "./routes/webhook-events";
import { webhookRoutes } from "./routes/webhooks";
import { whatsappTemplateRoutes } from "./routes/whatsapp-templates";
import { ErrorSchema } from "./schemas/common";
import { describeScope, SCOPES } from "./services/auth";

export const openApiConfig = {
  openapi: "3.1.0",
  info: {
    title: "Herald API",
    version: VERSION,
    description:
      "Social publishing and automation. Every success is `{ success: true, data }`; every failure `{ success: false, error: { code, message, … } }`.\n\nWhat changed in each version: [changelog](/changelog).",
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
  app.use("/api/v1/*", countCredential);
  app.route("/", floorRoutes);
  app.use("*", withRuntime);
  app.route("/", systemRoutes);
  app.route("/", apiKeyRoutes);
  app.route("/", accountRoutes);
  app.route("/", connectRoutes);
  app.route("/", accountGroupRoutes);
  app.route("/", clientInviteRoutes);
  app.route("/", destinationRoutes);
  app.route("/", postRoutes);
  app.route("/", reviewRoutes);
  app.route("/", plugRoutes);
  app.route("/", postAutomationRoutes);
  app.route("/", flowRoutes);
  app.route("/", flowEditRoutes);
  app.route("/", flowExecutionRoutes);
  app.route("/", contactRoutes);
  app.route("/", collectedDataRoutes);
  app.route("/", whatsappTemplateRoutes);
  app.route("/", rssFeedRoutes);
  app.route("/", postingSlotRoutes);
  app.route("/", signatureRoutes);
  app.route("/", shortLinkRoutes);
  app.route("/", mediaRoutes);
  app.route("/", webhookRoutes);
  app.route("/", eventRoutes);
  app.route("/", notificationRoutes);
  app.route("/", analyticsRoutes);
  app.route("/", sandboxRoutes);
  app.route("/", platformWebhookRoutes);
  app.route("/", oauthRoutes);
  app.route("/", pageRoutes);
  app.route("/", reviewPageRoutes);
  app.route("/", dashboardRoutes);
  app.route("/", dashboardComposeRoutes);
  app.route("/", dashboardAnalyticsRoutes);
  app.route("/", dashboardWebhookRoutes);
  app.route("/", dashboardFlowRoutes);
  app.route("/", dashboardAccountRoutes);
  app.route("/", mcpRoutes);
  app.route("/", consentPageRoutes);

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

  const failure = (c: Context, error: AppError) => {
    // A refusal that says when to come back (`retry_after`, seconds) says it in the header too (RFC 9110 §10.2.3).
    const retryAfter = error.extra.retry_after;
    if (typeof retryAfter === "number") c.header("Retry-After", String(retryAfter));
    return c.json({ success: false, error: error.toBody() }, error.status);
  };
  app.notFound(noSuchRoute);
  app.onError((err, c) => {
    if (err instanceof AppError) return failure(c, err);
    // Hono's JSON validator refuses a body that does not parse.
    if (err instanceof HTTPException && err.status === 400) return failure(c, validationError("body", err.message));
    console.error("unhandled error", err);
    return failure(c, new AppError("internal_error", "Something went wrong on our side"));
  });
  return app;
}
