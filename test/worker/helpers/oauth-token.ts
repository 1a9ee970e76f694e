import { exports } from "cloudflare:workers";
import * as oauth from "oauth4webapi";
import { Browser, hiddenField, ORIGIN } from "./browser";

const REDIRECT = "http://127.0.0.1:9999/callback";
const options = {
  [oauth.customFetch]: (url: string, init?: RequestInit) => exports.default.fetch(new Request(url, init)),
  [oauth.allowInsecureRequests]: true,
};

/**
 * An OAuth access token granted exactly `scope` (space-separated) by the user: a new client registers, the
 * user signs in and approves, and the code is exchanged with PKCE. For testing which scopes a route needs.
 */
export async function accessTokenFor(user: { email: string; password: string }, scope: string): Promise<string> {
  const as = await oauth.processDiscoveryResponse(
    new URL(ORIGIN),
    await oauth.discoveryRequest(new URL(ORIGIN), { ...options, algorithm: "oauth2" }),
  );
  const client = await oauth.processDynamicClientRegistrationResponse(
    await oauth.dynamicClientRegistrationRequest(
      as,
      { redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", client_name: "Scope test" },
      options,
    ),
  );
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
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  }).toString();
  const page = await (await browser.fetch(url.href)).text();
  const approved = await browser.post("/api/oauth/authorize", {
    handle: hiddenField(page, "handle"),
    csrf: hiddenField(page, "csrf"),
    decision: "approve",
  });
  const params = oauth.validateAuthResponse(as, client, new URL(approved.headers.get("location")!), state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    REDIRECT,
    verifier,
    options,
  );
  return (await oauth.processAuthorizationCodeResponse(as, client, response)).access_token;
}
