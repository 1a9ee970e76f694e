import { accessToken, exchange, type HttpDeps, readJson } from "./http";
import { GraphClient, graphFailure } from "./meta-graph";
import { appCredentials, consentUrl, renewOrReconnect, tokensFrom } from "./platform-oauth";
import { type ConnectedIdentity, type OAuthConnection, type PlatformCredentials, PlatformError } from "./types";

/**
 * Meta's logins (Facebook, Instagram, Threads): calls to their token endpoints, made as the app, and the
 * short-lived → long-lived → refreshed user-token ladder that Instagram and Threads share.
 */

/**
 * One call to a Meta token endpoint: the parameters in the query (GET) or a form body (POST), as each
 * endpoint documents them. Answers the token object; Meta's refusals become Herald's failures.
 */
export async function metaTokenCall(
  deps: HttpDeps,
  label: string,
  method: "GET" | "POST",
  url: string,
  params: Record<string, string>,
): Promise<any> {
  const call = { label, creates: false };
  const query = new URLSearchParams(params);
  const response =
    method === "GET"
      ? await exchange(deps, call, `${url}?${query}`, { method })
      : await exchange(deps, call, url, {
          method,
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: query.toString(),
        });
  const body = await readJson(response);
  // Instagram's guide shows the code exchange's token inside `data`; the other endpoints answer it bare.
  const token = Array.isArray(body?.data) ? body.data[0] : body;
  if (response.ok && typeof token?.access_token === "string") return token;
  // api.instagram.com words its refusals `{ error_type, error_message }` instead of Graph's `error` object.
  const error =
    body?.error ?? (body?.error_message ? { message: body.error_message, type: body.error_type } : undefined);
  throw graphFailure(call, response, error, deps.now());
}

/** How one of the user-token logins (Instagram with Instagram Login, Threads) is spoken. */
interface UserTokenLogin {
  /** Names the platform in messages. */
  platform: string;
  /** The consent page. */
  authorizeUrl: string;
  /** Where the code becomes a short-lived token (POST, form body). */
  codeUrl: string;
  /** The host of `/access_token` (short → long-lived) and `/refresh_access_token`. */
  tokenHost: string;
  /** The grant types' prefix: `ig` (`ig_exchange_token`, `ig_refresh_token`) or `th`. */
  grantPrefix: "ig" | "th";
  /** The deployment settings holding the app's id and secret. */
  appId: string;
  appSecret: string;
  scopes: readonly string[];
  /** Stored with the tokens (Instagram marks its tokens as Instagram Login's). */
  marks?: PlatformCredentials;
  /** Where `/me` answers who the token speaks for, and which of its fields is the account's id. */
  profile: { base: string; idField: "id" | "user_id" };
}

/**
 * The OAuth connection of a user-token login: consent, code → short-lived token (one hour) → long-lived
 * token (60 days), refreshed for another 60 days before it expires. Neither login takes PKCE.
 */
export function userTokenConnection(deps: HttpDeps, login: UserTokenLogin): OAuthConnection {
  const app = () => appCredentials(deps, login.appId, login.appSecret);
  const stored = (answer: any, previous?: PlatformCredentials) => ({
    ...tokensFrom(login.platform, answer, deps.now(), previous),
    ...login.marks,
  });
  return {
    kind: "oauth",
    requiredEnv: [login.appId, login.appSecret],
    authorizationUrl: ({ state, redirectUri }) =>
      consentUrl(login.authorizeUrl, {
        client_id: app().clientId,
        redirect_uri: redirectUri,
        scope: login.scopes.join(","),
        response_type: "code",
        state,
      }),
    exchangeCode: async ({ code, redirectUri }) => {
      const { clientId, clientSecret } = app();
      const short = await metaTokenCall(deps, `${login.platform} code exchange`, "POST", login.codeUrl, {
        client_id: clientId,
        client_secret: clientSecret,
        grant_type: "authorization_code",
        redirect_uri: redirectUri,
        code,
      });
      const long = await metaTokenCall(
        deps,
        `${login.platform} long-lived token`,
        "GET",
        `${login.tokenHost}/access_token`,
        {
          grant_type: `${login.grantPrefix}_exchange_token`,
          client_secret: clientSecret,
          access_token: short.access_token,
        },
      );
      return stored(long);
    },
    identify: (credentials) => identify(deps, login, accessToken(login.platform, credentials)),
    refresh: (credentials) =>
      renewOrReconnect(login.platform, async () => {
        const answer = await metaTokenCall(
          deps,
          `${login.platform} token refresh`,
          "GET",
          `${login.tokenHost}/refresh_access_token`,
          {
            grant_type: `${login.grantPrefix}_refresh_token`,
            access_token: accessToken(login.platform, credentials),
          },
        );
        return stored(answer, credentials);
      }),
  };
}

async function identify(deps: HttpDeps, login: UserTokenLogin, token: string): Promise<ConnectedIdentity> {
  const graph = new GraphClient(deps, { base: login.profile.base, token, platform: login.platform });
  const me = await graph.get("me", { fields: `${login.profile.idField},username,name` }, "profile");
  const id = me[login.profile.idField];
  if (!id) throw new PlatformError("transient", `${login.platform}'s profile answer named no ${login.profile.idField}`);
  return { platformUserId: String(id), name: me.name || me.username, subscriptionTier: null };
}
