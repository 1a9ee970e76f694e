import { exports } from "cloudflare:workers";
import * as oauth from "oauth4webapi";
import { expect } from "vitest";
import { Browser, hiddenField, ORIGIN } from "./browser";

/** An OAuth client of Herald's authorization server, written with a real client library (oauth4webapi). */

export const REDIRECT = "http://127.0.0.1:9999/callback";
export const options = {
  [oauth.customFetch]: (url: string, init?: RequestInit) => exports.default.fetch(new Request(url, init)),
  [oauth.allowInsecureRequests]: true,
};

export interface SignIn {
  email: string;
  password: string;
}

export async function discover(): Promise<oauth.AuthorizationServer> {
  return oauth.processDiscoveryResponse(
    new URL(ORIGIN),
    await oauth.discoveryRequest(new URL(ORIGIN), { ...options, algorithm: "oauth2" }),
  );
}

export async function registerClient(as: oauth.AuthorizationServer, metadata: Record<string, unknown> = {}) {
  const response = await oauth.dynamicClientRegistrationRequest(
    as,
    { redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", client_name: "Test App", ...metadata },
    options,
  );
  return oauth.processDynamicClientRegistrationResponse(response);
}

/** Sign in, open the authorize URL, submit the consent form; answers the redirect back to the client. */
export async function consent(
  as: oauth.AuthorizationServer,
  user: SignIn,
  client: oauth.Client,
  {
    scope = "accounts:read posts:read posts:write",
    readOnly = false,
    decision = "approve",
    challenge = "",
    csrf = "",
    resource = "",
  } = {},
) {
  const browser = new Browser();
  await browser.signIn(user.email, user.password);
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope,
    state,
    code_challenge: challenge || (await oauth.calculatePKCECodeChallenge(verifier)),
    code_challenge_method: "S256",
    ...(resource ? { resource } : {}),
  }).toString();
  const page = await browser.fetch(url.href);
  expect(page.status).toBe(200);
  const html = await page.text();
  const fields: Record<string, string> = {
    handle: hiddenField(html, "handle"),
    csrf: csrf || hiddenField(html, "csrf"),
    decision,
  };
  if (readOnly) fields.read_only = "1";
  const answer = await browser.post("/api/oauth/authorize", fields);
  return { answer, verifier, state, html, browser };
}

/** Exchanges the code the consent redirected back with. */
export async function tokens(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  consented: Awaited<ReturnType<typeof consent>>,
) {
  expect(consented.answer.status).toBe(302);
  const params = oauth.validateAuthResponse(
    as,
    client,
    new URL(consented.answer.headers.get("location")!),
    consented.state,
  );
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    REDIRECT,
    consented.verifier,
    options,
  );
  return { response, result: await oauth.processAuthorizationCodeResponse(as, client, response.clone()) };
}

/**
 * An access token the user granted exactly `scope` (space-separated) to a new client: for testing what a route
 * needs. `resource` names the protected resource it is for (RFC 8707; the REST API when left out).
 */
export async function accessTokenFor(
  user: SignIn,
  scope: string,
  choices: { resource?: string; readOnly?: boolean } = {},
): Promise<string> {
  const as = await discover();
  const client = await registerClient(as);
  const { result } = await tokens(as, client, await consent(as, user, client, { scope, ...choices }));
  return result.access_token;
}
