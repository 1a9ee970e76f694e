// Herald's OAuth server routes: authorize and consent, token, registration, revocation, metadata.
import { AuthorizationError, authorizationErrorRedirect, CimdFetchError } from "@cloudflare/workers-oauth-provider";
import type { Context } from "hono";
import { grantedScopes } from "../oauth/consent";
import { grantUserOf, revokeTokenPair } from "../oauth/grants";
import { checkRedirectUris } from "../oauth/registration";
import { apiResource, atIssuer, authServer, OAUTH_PATHS } from "../oauth/server";
import { consentPage } from "../pages/consent";
import { errorPage } from "../pages/error";
import { PAGE_HEADERS } from "../pages/shell";
import { SCOPES } from "../services/auth/auth";
import { memberOfSession } from "../services/auth/sessions";
import type { AppEnv } from "./env";
import { checkedForm, sessionOf } from "./forms";
import { authAttemptLimit } from "./middleware";
import { createRouter } from "./router";

const pageResponse = (body: string, status = 200, extra?: Headers) => {
  const headers = new Headers(PAGE_HEADERS);
  extra?.forEach((value, name) => {
    headers.append(name, value);
  });
  return new Response(body, { status, headers });
};

/** Where the library says a redirect to the client is safe, redirect; otherwise show the error here. */
function authorizeFailure(error: unknown) {
  if (error instanceof AuthorizationError) {
    if (error.redirectTo) return Response.redirect(error.redirectTo, 302);
    return pageResponse(errorPage("This sign-in link is not valid", error.description), 400);
  }
  if (error instanceof CimdFetchError)
    return pageResponse(errorPage("This app could not be verified", "Try again later."), 400);
  throw error;
}

const noStore = (response: Response) => {
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "no-store");
  headers.set("Pragma", "no-cache");
  return new Response(response.body, { status: response.status, headers });
};

/** The provider library's answer to this request (token, registration, discovery), as asked of the issuer's host. */
const libraryAnswer = (c: Context<AppEnv>) =>
  authServer(c.var.rt).fetch(atIssuer(c.var.rt, c.req.raw), c.env, c.executionCtx as ExecutionContext<unknown>);

const oauthError = (c: Context<AppEnv>, status: 400 | 401, error: string, description: string) =>
  c.json({ error, error_description: description }, status, { "Cache-Control": "no-store" });

/** The consent form: only with its session's CSRF token. */
const consentForm = checkedForm({ for: "session", may: "own" }, () =>
  pageResponse(errorPage("This page has expired", "Start again from the app."), 403),
);

/** RFC 7009 revocation bodies come form-encoded or as JSON. */
async function readParams(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  if ((c.req.header("content-type") ?? "").includes("application/json")) {
    return (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
  }
  return (await c.req.parseBody()) as Record<string, unknown>;
}

export const oauthRoutes = createRouter()
  .get(OAUTH_PATHS.authorize, async (c) => {
    const api = authServer(c.var.rt).getOAuthApi(c.env);
    try {
      const request = await api.parseAuthRequest(c.req.raw);
      // The library lets confidential clients skip PKCE; Herald requires S256 PKCE of every client.
      if (!request.codeChallenge) {
        return c.redirect(authorizationErrorRedirect(request, "invalid_request", "PKCE (S256) is required"), 302);
      }
      const session = await sessionOf(c);
      if (!session) {
        const url = new URL(c.req.url);
        return c.redirect(`/signin?next=${encodeURIComponent(url.pathname + url.search)}`, 302);
      }
      const details = await api.describeConsent(request);
      const consent = await api.beginConsent(request);
      return pageResponse(consentPage(details, consent.handle, session.csrfToken, session.email), 200, consent.headers);
    } catch (error) {
      return authorizeFailure(error);
    }
  })
  .post(OAUTH_PATHS.authorize, consentForm, async (c) => {
    const { rt, form, session } = c.var;
    const api = authServer(rt).getOAuthApi(c.env);
    if (!session) return pageResponse(errorPage("Signed out", "Sign in and start again from the app."), 401);
    const handle = String(form.handle ?? "");
    try {
      if (form.decision !== "approve") {
        const denied = await api.denyConsent(c.req.raw, handle);
        return new Response(null, { status: 302, headers: denied.headers });
      }
      const approved = await api.approveConsent(c.req.raw, handle);
      const scope = grantedScopes(approved.request.scope, form.read_only === "1");
      const { redirectTo } = await api.completeAuthorization({
        request: approved.request,
        // The grant belongs to the member: it acts in this workspace only, within their role.
        userId: grantUserOf(memberOfSession(session)),
        metadata: {},
        scope,
        props: { userId: session.userId, memberId: session.memberId },
      });
      approved.headers.set("Location", redirectTo);
      return new Response(null, { status: 302, headers: approved.headers });
    } catch (error) {
      if (error instanceof AuthorizationError) {
        return pageResponse(
          errorPage(
            "This page has expired",
            "It was used already, or opened in another browser. Start again from the app.",
          ),
          400,
        );
      }
      throw error;
    }
  })
  .post(OAUTH_PATHS.token, authAttemptLimit, async (c) => noStore(await libraryAnswer(c)))
  .post(OAUTH_PATHS.register, authAttemptLimit, async (c) => {
    const body = await c.req.raw
      .clone()
      .json()
      .catch(() => null);
    const problem = checkRedirectUris(body);
    if (problem) return oauthError(c, 400, "invalid_redirect_uri", problem);
    return noStore(await libraryAnswer(c));
  })
  .post(OAUTH_PATHS.revoke, async (c) => {
    const params = await readParams(c);
    if (typeof params.token !== "string" || params.token === "") {
      return oauthError(c, 400, "invalid_request", "The token parameter is required");
    }
    const clientId = typeof params.client_id === "string" ? params.client_id : undefined;
    await revokeTokenPair(c.var.rt, params.token, clientId);
    return c.body(null, 200, { "Cache-Control": "no-store" });
  })
  .get("/.well-known/oauth-authorization-server", async (c) => {
    const rt = c.var.rt;
    const metadata = (await (await libraryAnswer(c)).json()) as Record<string, unknown>;
    return c.json({
      ...metadata,
      revocation_endpoint: `${rt.config.public_base_url}${OAUTH_PATHS.revoke}`,
      revocation_endpoint_auth_methods_supported: ["none"],
      code_challenge_methods_supported: ["S256"],
    });
  })
  .get("/.well-known/oauth-protected-resource", (c) =>
    c.json({
      resource: apiResource(c.var.rt),
      authorization_servers: [c.var.rt.config.public_base_url],
      scopes_supported: [...SCOPES],
      bearer_methods_supported: ["header"],
      resource_name: "Herald API",
    }),
  );
