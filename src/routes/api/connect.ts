// REST routes for connecting accounts: start an OAuth consent, or connect with credentials.
import { AccountSchema } from "../../schemas/accounts";
import { jsonBody, ok } from "../../schemas/common";
import { ConnectCredentialsBody, ConnectStartSchema, PlatformParam } from "../../schemas/connect";
import { presentAccount } from "../../services/accounts/accounts";
import { connectWithBody, startOAuthConnection } from "../../services/accounts/connect";
import { authedRoute } from "../define";
import { createRouter } from "../router";

export const tags = ["Connect"];
export const notConfigured = ["platform_not_configured", "encryption_not_configured"] as const;
/** What saving a connection can answer: the platform's say, the identity's owner, the plan's room. */
export const connectErrors = ["connect_refused", "account_taken", "feature_disabled", "platform_unreachable"] as const;

const start = authedRoute("accounts:write", {
  operationId: "startConnection",
  method: "get",
  path: "/api/v1/connect/{platform}",
  tags,
  summary:
    "Start connecting an account through the platform's consent page (X, LinkedIn, Facebook Pages, Instagram, Threads)",
  description:
    "Answers Herald's start link for this connection (`authorization_url`, `/connect/start/<state>`): open it in the user's browser. The browser must be signed in to Herald as you (it is sent to sign in first); the connection is then bound to that browser and the browser is sent to the platform's consent page. Only that browser can finish it: the platform sends it back to `/api/v1/connect/{platform}/callback`. The state expires after 10 minutes. In sandbox mode the sandbox's consent page stands in for every platform whose own is not set up on this deployment (credential platforms included): the person types the name of the account they connect as.",
  request: { params: PlatformParam },
  responses: { 200: ok(ConnectStartSchema, "Where to send the user") },
  errors: ["wrong_connect_method", ...notConfigured],
});

const connectWithCredentials = authedRoute("accounts:write", {
  operationId: "connectWithCredentials",
  method: "post",
  path: "/api/v1/connect/{platform}",
  tags,
  summary:
    "Connect an account with its credentials (Bluesky, Mastodon, Telegram, Discord, Slack), or start OAuth on a Mastodon instance",
  description:
    "The credentials are checked against the platform, then stored encrypted; they are never returned. Connecting an identity you already hold refreshes it. Mastodon with only `instance_url` starts OAuth on that instance instead (202): Herald registers its app there the first time, and the user consents at `authorization_url` as with `GET /api/v1/connect/{platform}`.",
  request: { params: PlatformParam, body: jsonBody(ConnectCredentialsBody) },
  responses: {
    200: ok(AccountSchema, "The account, refreshed"),
    201: ok(AccountSchema, "The account, connected"),
    202: ok(ConnectStartSchema, "OAuth started on the user's server: send the user to `authorization_url`"),
  },
  errors: ["wrong_connect_method", ...connectErrors, ...notConfigured],
});

export const connectRoutes = createRouter()
  .openapi(start, async (c) => {
    const data = await startOAuthConnection(c.var.rt, c.var.principal.userId, c.req.valid("param").platform);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(connectWithCredentials, async (c) => {
    const connected = await connectWithBody(
      c.var.rt,
      c.var.principal.userId,
      c.req.valid("param").platform,
      c.req.valid("json"),
    );
    if ("consent" in connected) return c.json({ success: true as const, data: connected.consent }, 202);
    return c.json({ success: true as const, data: presentAccount(connected.account) }, connected.created ? 201 : 200);
  });
