// Where a platform sends the browser back after consent: JSON for an API client, a page for a person's browser.
import { API_ERRORS } from "../lib/error-codes";
import { AppError } from "../lib/errors";
import { connectedPage, consentRefusedPage } from "../pages/consent";
import { inviteOutcomePage } from "../pages/invite";
import { ok } from "../schemas/common";
import { CallbackQuery, ConnectCallbackSchema, PlatformParam } from "../schemas/connect";
import { presentAccount } from "../services/accounts/accounts";
import { completeOAuthConnection } from "../services/accounts/connect";
import { claimConsentState } from "../services/accounts/consent";
import { completeInviteConsent } from "../services/invites/client";
import { connectErrors, notConfigured, tags } from "./api/connect";
import { browserProof, wantsPage } from "./consent-browser";
import { publicRoute } from "./define";
import { formToken, show } from "./forms";
import { createRouter } from "./router";

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

export const connectCallbackRoutes = createRouter().openapi(callback, async (c) => {
  const rt = c.var.rt;
  const query = c.req.valid("query");
  const browser = await browserProof(c);
  try {
    const pending = await claimConsentState(rt, c.req.valid("param").platform, query.state, browser);
    if (pending.inviteId) {
      const outcome = await completeInviteConsent(rt, pending, query, browser);
      const status = outcome.ok ? 200 : API_ERRORS[outcome.code].status;
      return show(c, inviteOutcomePage(outcome, { csrf: formToken(c) }), status);
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
});
