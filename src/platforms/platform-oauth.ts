// `declaredConnection`: a platform's OAuth connection made from its declaration, and what connections share.
import { accessToken, answerMessage, failureOf, type HttpCall, type HttpDeps, send, waitFromRetryAfter } from "./http";
import {
  type ConnectedAccount,
  type ConnectedIdentity,
  type OAuthConnection,
  type PlatformCredentials,
  PlatformError,
} from "./types";

/**
 * A platform's OAuth connection made from its declaration (`OAUTH_CONNECTIONS` in oauth-connections.ts) by one
 * function, `declaredConnection`: the consent URL, the code exchange, the refresh. Also what every connection
 * shares: the app credentials, a token endpoint's answer as stored credentials, and what a refused refresh means.
 */

/** The app's id and secret from the deployment (their presence is checked up front through `requiredEnv`). */
function appCredentials(deps: HttpDeps, idName: string, secretName: string) {
  return { clientId: deps.env?.[idName] ?? "", clientSecret: deps.env?.[secretName] ?? "" };
}

/** The platform's consent page with its query; spaces as `%20`, the form every platform's `scope` reads. */
function consentUrl(base: string, query: Record<string, string>): string {
  return `${base}?${new URLSearchParams(query).toString().replaceAll("+", "%20")}`;
}

/**
 * A token endpoint's answer (`access_token`, `expires_in` in seconds, `refresh_token`) as the credentials
 * Herald stores. A refresh keeps what the previous credentials held that the answer does not replace.
 */
function tokensFrom(platform: string, answer: any, now: number, previous?: PlatformCredentials): PlatformCredentials {
  if (typeof answer?.access_token !== "string" || answer.access_token === "") {
    throw new PlatformError("transient", `${platform} answered the token request without an access token`);
  }
  const seconds = Number(answer.expires_in);
  return {
    ...previous,
    accessToken: answer.access_token,
    refreshToken: typeof answer.refresh_token === "string" ? answer.refresh_token : previous?.refreshToken,
    expiresAt: Number.isFinite(seconds) && seconds > 0 ? now + seconds * 1000 : undefined,
  };
}

/**
 * Renews an account's credentials. The platform refusing the refresh (an invalid, expired or revoked
 * grant) means nothing but connecting again will help: `auth_expired`, so the account becomes
 * `reauth_required`. Transient failures and rate limits stay what they are and are tried again later.
 */
async function renewOrReconnect(
  platform: string,
  renew: () => Promise<PlatformCredentials>,
): Promise<PlatformCredentials> {
  try {
    return await renew();
  } catch (error) {
    if (error instanceof PlatformError && error.failure === "refused") {
      throw new PlatformError("auth_expired", `${platform} refused to renew the tokens: ${error.message}`);
    }
    throw error;
  }
}

/**
 * Renews with the stored refresh token (see `renewOrReconnect`); credentials without one can only be
 * replaced by connecting again.
 */
function refreshOrReconnect(
  platform: string,
  credentials: PlatformCredentials,
  renew: (refreshToken: string) => Promise<PlatformCredentials>,
): Promise<PlatformCredentials> {
  return renewOrReconnect(platform, async () => {
    if (typeof credentials.refreshToken !== "string" || credentials.refreshToken === "") {
      throw new PlatformError("auth_expired", `${platform} gave no refresh token; connect the account again`);
    }
    return renew(credentials.refreshToken);
  });
}

/**
 * How a platform's OAuth 2.0 connection is spoken, as data: one entry of `OAUTH_CONNECTIONS`. What the table
 * cannot say (who the tokens speak for, revocation, the platform's wording of a refusal) the adapter gives
 * `declaredConnection` as its `ConnectionPart`.
 */
export interface OAuthDeclaration {
  /** Names the platform in messages. */
  name: string;
  /**
   * The deployment settings holding Herald's app id and secret. `secretOptional`: without a secret Herald is a
   * public client (RFC 6749 §2.1) that names itself in the token request's body.
   */
  app: { id: string; secret: string; secretOptional?: true };
  /** The consent page. */
  authorizeUrl: string;
  /** Where the code becomes tokens and a refresh token renews them. */
  tokenUrl: string;
  scopes: readonly string[];
  /** How the consent URL joins the scopes: RFC 6749's space, or the comma some platforms ask for. */
  scopeSeparator: " " | ",";
  /** Scopes asked for only when a deployment setting is `true`. */
  optionalScopes?: { setting: string; scopes: readonly string[] };
  /** PKCE (S256): the challenge on the consent URL, the verifier in the code exchange. */
  pkce: boolean;
  /** How the app proves itself at the token endpoint: HTTP Basic, or its id and secret as form fields. */
  clientAuth: "basic" | "body";
  /** The names of those form fields, and of the id on the consent URL (default `client_id`, `client_secret`). */
  clientFields?: readonly [id: string, secret: string];
  /** The consent URL's parameters beyond the standard ones. */
  consentQuery?: Readonly<Record<string, string>>;
  /** Consent URL parameters taken from deployment settings, each left out while its setting is unset. */
  consentSettings?: Readonly<Record<string, string>>;
  /** The token endpoint takes its parameters in the query of a GET (Meta's Graph), not a form POST. */
  tokenMethod?: "GET";
  /** Standard parameters the platform's pages leave out. */
  omits?: readonly ("response_type" | "grant_type")[];
  /**
   * How the tokens stay alive: OAuth's `refresh_token` grant; Meta's `long-lived` token renewed itself (see
   * `longLived`); or `none`, they do not expire.
   */
  refresh: "refresh_token" | "long-lived" | "none";
  /**
   * Meta's logins hand out a short-lived token for the code, exchanged at once (GET `url`, `grant_type`) for a
   * long-lived one (60 days); `renewUrl` renews the long-lived token itself (`renewGrant`).
   */
  longLived?: {
    url: string;
    grantType: "fb_exchange_token" | "ig_exchange_token" | "th_exchange_token";
    renewUrl?: string;
    renewGrant?: "ig_refresh_token" | "th_refresh_token";
  };
  /** Fields of the token answer kept with the tokens (the granted `scope`). */
  keeps?: readonly string[];
  /** Kept with the tokens (Instagram marks its tokens as Instagram Login's). */
  marks?: Readonly<PlatformCredentials>;
  /** How accounts are listed: `one`, the account the tokens speak for; `many`, each account the consent granted. */
  accounts: "one" | "many";
}

/** Herald's app as the platform knows it: its id and secret, and how it proves itself at the OAuth endpoints. */
export interface AppIdentity {
  clientId: string;
  clientSecret: string;
  /** The id and secret as form fields (empty with HTTP Basic; the id alone for a public client). */
  fields: Record<string, string>;
  /** The HTTP Basic `authorization` header, where the app authenticates so. */
  headers: Record<string, string>;
}

/** One request to a platform's token endpoint, as the declaration makes it. */
export interface TokenRequest {
  /** Names the step in messages: "LinkedIn code exchange", "Instagram token refresh". */
  label: string;
  method: "GET" | "POST";
  url: string;
  /** Form-encoded in the body (POST) or in the query (GET), in this order. */
  params: Record<string, string>;
  headers: Record<string, string>;
}

/** Asks a token endpoint; answers its token object (`access_token`, `expires_in`…) or throws Herald's failure. */
export type TokenCall = (request: TokenRequest) => Promise<any>;

/** Where a platform's token endpoint differs from OAuth's plain one: its refusals' wording and wait, headers it wants. */
export interface TokenDialect {
  message?: (data: any) => string;
  wait?: (headers: Headers, now: number) => number | undefined;
  headers?: Record<string, string>;
}

/**
 * The usual token endpoint: the parameters form-encoded (or in the query of a GET), a refusal read as Herald's
 * failure with the platform's own message. A refusal answered with 200 and an `error` in the body (as TikTok's
 * endpoint may) is a refusal too.
 */
export function oauthTokenCall(deps: HttpDeps, platform: string, dialect: TokenDialect = {}): TokenCall {
  return async ({ method, url, params, headers }) => {
    const all = { ...dialect.headers, ...headers };
    const call: HttpCall =
      method === "GET"
        ? { method, url: `${url}?${new URLSearchParams(params)}`, headers: all, safe: true }
        : { method, url, urlencoded: params, headers: all, safe: true };
    const answer = await send(deps, call);
    const refusedInBody = answer.ok && typeof answer.data?.error === "string" && !answer.data?.access_token;
    if (answer.ok && !refusedInBody) return answer.data;
    const now = deps.now();
    throw failureOf(platform, call, refusedInBody ? { ...answer, status: 400 } : answer, {
      message: (dialect.message ?? answerMessage)(answer.data),
      retryAfterMs: dialect.wait?.(answer.headers, now) ?? waitFromRetryAfter(answer.headers.get("retry-after"), now),
    });
  };
}

type Listing<D extends OAuthDeclaration> = D["accounts"] extends "many"
  ? { accounts(credentials: PlatformCredentials): Promise<ConnectedAccount[]>; identify?: undefined }
  :
      | { identify(credentials: PlatformCredentials): Promise<ConnectedIdentity>; accounts?: undefined }
      /** One account, with something kept beside its tokens (Twitch's login). */
      | { accounts(credentials: PlatformCredentials): Promise<ConnectedAccount[]>; identify?: undefined };

/** What the adapter adds to its declaration: who the tokens speak for, and what only its API knows. */
export type ConnectionPart<D extends OAuthDeclaration> = Listing<D> & {
  /** Asks the platform to invalidate the credentials (see `Connection.revoke`). */
  revoke?(credentials: PlatformCredentials, app: AppIdentity): Promise<boolean>;
  /** How the token endpoint is asked and its refusals read, where not `oauthTokenCall`'s way. */
  tokenCall?: TokenCall;
  /** Credentials a user may give instead of consenting (see `OAuthConnection.pasted`). */
  pasted?: OAuthConnection["pasted"];
};

/**
 * The one function that reads a declaration: the platform's `OAuthConnection`, its consent URL, code exchange and
 * refresh made as the declaration says, with the adapter's `part`.
 */
export function declaredConnection<D extends OAuthDeclaration>(
  deps: HttpDeps,
  declared: D,
  part: ConnectionPart<D>,
): OAuthConnection {
  const { name, app: settings } = declared;
  const [idField, secretField] = declared.clientFields ?? ["client_id", "client_secret"];
  const app = (): AppIdentity => {
    const { clientId, clientSecret } = appCredentials(deps, settings.id, settings.secret);
    const fields: Record<string, string> =
      declared.clientAuth === "body" ? { [idField]: clientId, [secretField]: clientSecret } : {};
    const basic = declared.clientAuth === "basic" && clientSecret !== "";
    // A public client has no secret to prove itself with: it names itself.
    if (declared.clientAuth === "basic" && !basic) fields[idField] = clientId;
    const headers: Record<string, string> = basic
      ? { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}` }
      : {};
    return { clientId, clientSecret, fields, headers };
  };
  const call = part.tokenCall ?? oauthTokenCall(deps, name);
  const omitted = (parameter: "response_type" | "grant_type") => declared.omits?.includes(parameter) ?? false;

  /** A token request of the declared endpoint: the grant's parameters (RFC 6749's order), then the app's. */
  const tokenRequest = (label: string, grant: Record<string, string>): TokenRequest => {
    const { fields, headers } = app();
    const { grant_type, ...rest } = grant;
    return {
      label: `${name} ${label}`,
      method: declared.tokenMethod ?? "POST",
      url: declared.tokenUrl,
      params: { ...(omitted("grant_type") ? {} : { grant_type: grant_type! }), ...rest, ...fields },
      headers,
    };
  };
  const stored = (answer: any, previous?: PlatformCredentials): PlatformCredentials => {
    const kept = Object.fromEntries((declared.keeps ?? []).map((field) => [field, answer?.[field]]));
    return { ...tokensFrom(name, answer, deps.now(), previous), ...kept, ...declared.marks };
  };

  const exchangeCode: OAuthConnection["exchangeCode"] = async ({ code, codeVerifier, redirectUri }) => {
    if (declared.longLived) return stored(await metaLongLived(declared.longLived, code, redirectUri));
    const grant = {
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      ...(declared.pkce ? { code_verifier: codeVerifier } : {}),
    };
    return stored(await call(tokenRequest("code exchange", grant)));
  };

  /** Meta's ladder: the code's short-lived token, exchanged at once for a long-lived one. */
  const metaLongLived = async (ladder: NonNullable<OAuthDeclaration["longLived"]>, code: string, redirect: string) => {
    const { clientId: client_id, clientSecret: client_secret } = app();
    // Each endpoint's parameters as Meta's pages list them.
    const short = await call({
      label: `${name} code exchange`,
      method: declared.tokenMethod ?? "POST",
      url: declared.tokenUrl,
      params:
        declared.tokenMethod === "GET"
          ? { client_id, redirect_uri: redirect, client_secret, code }
          : { client_id, client_secret, grant_type: "authorization_code", redirect_uri: redirect, code },
      headers: {},
    });
    const facebook = ladder.grantType === "fb_exchange_token";
    return call({
      label: `${name} long-lived token`,
      method: "GET",
      url: ladder.url,
      params: facebook
        ? { grant_type: ladder.grantType, client_id, client_secret, fb_exchange_token: short.access_token }
        : { grant_type: ladder.grantType, client_secret, access_token: short.access_token },
      headers: {},
    });
  };

  const refresh = (): OAuthConnection["refresh"] => {
    const { longLived } = declared;
    if (declared.refresh === "refresh_token") {
      return (previous) =>
        refreshOrReconnect(name, previous, async (refreshToken) =>
          stored(
            await call(tokenRequest("token refresh", { grant_type: "refresh_token", refresh_token: refreshToken })),
            previous,
          ),
        );
    }
    if (declared.refresh === "long-lived" && longLived?.renewUrl && longLived.renewGrant) {
      const { renewUrl, renewGrant } = longLived;
      return (previous) =>
        renewOrReconnect(name, async () => {
          const params = { grant_type: renewGrant, access_token: accessToken(name, previous) };
          const answer = await call({
            label: `${name} token refresh`,
            method: "GET",
            url: renewUrl,
            params,
            headers: {},
          });
          return stored(answer, previous);
        });
    }
    return undefined;
  };

  const listing: Pick<OAuthConnection, "identify" | "accounts"> = part.accounts
    ? { accounts: part.accounts }
    : { identify: part.identify! };
  const { revoke, pasted } = part;
  return {
    kind: "oauth",
    requiredEnv: settings.secretOptional ? [settings.id] : [settings.id, settings.secret],
    authorizationUrl: ({ state, codeChallenge, redirectUri }) =>
      consentUrl(declared.authorizeUrl, {
        [idField]: app().clientId,
        redirect_uri: redirectUri,
        ...(omitted("response_type") ? {} : { response_type: "code" }),
        scope: scopesOf(deps, declared).join(declared.scopeSeparator),
        state,
        ...(declared.pkce ? { code_challenge: codeChallenge, code_challenge_method: "S256" } : {}),
        ...declared.consentQuery,
        ...settingsOf(deps, declared.consentSettings),
      }),
    exchangeCode,
    ...listing,
    refresh: refresh(),
    ...(revoke ? { revoke: (credentials: PlatformCredentials) => revoke(credentials, app()) } : {}),
    ...(pasted ? { pasted } : {}),
  } as OAuthConnection;
}

/** The consent parameters whose values are deployment settings, those set. */
const settingsOf = (deps: HttpDeps, settings: Readonly<Record<string, string>> = {}) =>
  Object.fromEntries(
    Object.entries(settings).flatMap(([parameter, setting]) => {
      const value = deps.env?.[setting];
      return value ? [[parameter, value]] : [];
    }),
  );

/** The scopes a consent asks for on this deployment. */
const scopesOf = (deps: HttpDeps, declared: OAuthDeclaration) => {
  const optional = declared.optionalScopes;
  const on = optional !== undefined && deps.env?.[optional.setting] === "true";
  return [...declared.scopes, ...(on ? optional.scopes : [])];
};
