// REST routes for connecting accounts: start an OAuth consent, its callback, or connect with credentials.
import { AppError } from "../lib/errors";
import { connectedPage, consentRefusedPage } from "../pages/consent";
import { inviteOutcomePage } from "../pages/invite";
import { AccountSchema } from "../schemas/accounts";
import { jsonBody, ok } from "../schemas/common";
import {
  CallbackQuery,
  ConnectCallbackSchema,
  ConnectCredentialsBody,
  ConnectStartSchema,
  PlatformParam,
} from "../schemas/connect";
import { presentAccount } from "../services/accounts";
import { completeOAuthConnection, connectWithBody, startOAuthConnection } from "../services/connect";
import { claimConsentState } from "../services/consent";
import { completeInviteConsent } from "../services/invites/client";
import { browserProof, wantsPage } from "./consent-browser";
import { authedRoute, publicRoute } from "./define";
import { formToken, show } from "./forms";
import { createRouter } from "./router";

const tags = ["Connect"];
const notConfigured = ["platform_not_configured", "encryption_not_configured"] as const;
/** What saving a connection can answer: the platform's say, the identity's owner, the plan's room. */
const connectErrors = ["connect_refused", "account_taken", "feature_disabled", "platform_unavailable"] as const;

const start = authedRoute("accounts:write", {
  operationId: "startConnection",
  method: "get",
  path: "/api/v1/connect/{platform}",
  tags,
  summary:
    "Start connecting an account through the platform's consent page (X, LinkedIn, Facebook Pages, Instagram, Threads)",
  description:
    "Answers Herald's start link for this connection (`authorization_url`, `/connect/start/<state>`): open it in the user's browser. The browser must be signed in to Herald as you (it is sent to sign in first); the connection is then bound to that browser and the browser is sent to the platform's consent page. Only that browser can finish it: the platform sends it back to `/api/v1/connect/{platform}/callback`. The state expires after 10 minutes.",
  request: { params: PlatformParam },
  responses: { 200: ok(ConnectStartSchema, "Where to send the user") },
  errors: ["wrong_connect_method", ...notConfigured],
});

/** JSON for API clients, a page for a person's browser (a request that accepts `text/html`). */
const orPage = <T extends { content: object; description: string }>(response: T) => ({
  ...response,
  content: { ...response.content, "text/html": { schema: { type: "string" as const } } },
});

const callback = publicRoute({
  operationId: "completeConnection",
  method: "get",
  path: "/api/v1/connect/{platform}/callback",
  tags,
  summary: "Where the platform sends the user back after consent",
  description:
    "Needs no key: the state identifies who started the connection, and it is finished only in the browser that started it (its `herald_consent` cookie, or a browser signed in to Herald as that user); any other browser gets 403 `wrong_browser` and nothing is connected. Exchanges the code, stores the tokens encrypted, reads the profile and creates the account (201) or refreshes the one already connected (200). One consent can bring several accounts (each Facebook Page granted; a LinkedIn member and the organizations they administer): all are connected or none is. An identity another user holds is refused (409 `account_taken`), and the new accounts must fit in the plan (403 `feature_disabled`). A browser (`Accept: text/html`) gets a page saying the same. A consent started from a client invite always answers with the invite's page.",
  request: { params: PlatformParam, query: CallbackQuery },
  responses: {
    200: orPage(ok(ConnectCallbackSchema, "The accounts, refreshed")),
    201: orPage(ok(ConnectCallbackSchema, "The accounts, at least one of them newly connected")),
  },
  errors: [
    "invalid_state",
    "connect_denied",
    "connect_refused",
    "wrong_browser",
    "feature_disabled",
    "wrong_connect_method",
    ...connectErrors,
    ...notConfigured,
  ],
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
  .openapi(callback, async (c) => {
    const rt = c.var.rt;
    const query = c.req.valid("query");
    const browser = await browserProof(c);
    try {
      const pending = await claimConsentState(rt, c.req.valid("param").platform, query.state, browser);
      if (pending.inviteId) {
        const outcome = await completeInviteConsent(rt, pending, query, browser);
        return show(c, inviteOutcomePage(outcome, { csrf: formToken(c) }), outcome.status);
      }
      const {
        accounts: [first, ...others],
        created,
      } = await completeOAuthConnection(rt, pending, query);
      if (wantsPage(c))
        return show(
          c,
          connectedPage(
            [first!, ...others].map((a) => a.name),
            first!.platform,
          ),
        );
      const data = { ...presentAccount(first!), also_connected: others.map(presentAccount) };
      return c.json({ success: true as const, data }, created ? 201 : 200);
    } catch (error) {
      if (wantsPage(c) && error instanceof AppError) return show(c, consentRefusedPage(error.message), error.status);
      throw error;
    }
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
