// Herald's OAuth 2.1 authorization server, its paths, and the protected resources tokens are issued for.
import { OAuthAuthorizationServer } from "@cloudflare/workers-oauth-provider";
import { SCOPES } from "../services/auth/auth";
import type { Runtime } from "../services/runtime";

export const OAUTH_PATHS = {
  authorize: "/api/oauth/authorize",
  token: "/api/oauth/token",
  register: "/api/oauth/register",
  revoke: "/api/oauth/revoke",
} as const;

/**
 * The protected resources (RFC 8707 audiences): the REST API and the agent tool server. A token is issued
 * for one of them and accepted only there; an authorization request that names none gets the REST API.
 */
const resourcesOf = (issuer: string) => ({ api: `${issuer}/api/v1`, mcp: `${issuer}/mcp` });

export type ProtectedResource = (rt: Runtime) => string;
export const apiResource: ProtectedResource = (rt) => resourcesOf(rt.config.public_base_url).api;
export const mcpResource: ProtectedResource = (rt) => resourcesOf(rt.config.public_base_url).mcp;

const servers = new Map<string, OAuthAuthorizationServer<Env>>();

/**
 * The OAuth 2.1 authorization server (RFC 6749/OAuth 2.1, PKCE S256 per RFC 7636, DCR per RFC 7591,
 * metadata per RFC 8414), built once per issuer. Herald's Hono routes own /authorize (sign-in and consent);
 * the library serves token, registration and discovery, and keeps grants and hashed tokens in OAUTH_KV.
 */
export function authServer(rt: Runtime): OAuthAuthorizationServer<Env> {
  const issuer = rt.config.public_base_url;
  let server = servers.get(issuer);
  if (!server) {
    const resources = resourcesOf(issuer);
    server = new OAuthAuthorizationServer<Env>({
      issuer,
      authorizeEndpoint: OAUTH_PATHS.authorize,
      tokenEndpoint: OAUTH_PATHS.token,
      clientRegistrationEndpoint: OAUTH_PATHS.register,
      resources: [resources.api, resources.mcp],
      defaultResource: resources.api,
      legacyGrantResource: resources.api,
      scopesSupported: [...SCOPES],
      accessTokenTTL: 3600,
    });
    servers.set(issuer, server);
  }
  return server;
}

/**
 * `request` as if made to the issuer's host, for the library's `fetch`: it serves only URLs on its issuer's origin
 * (RFC 8414 discovery through `127.0.0.1` when the issuer is `localhost` got an empty 404, which the metadata route
 * turned into a 500), while Herald answers on every host that reaches it, as its REST API does. The answers name the
 * issuer's URLs whatever host was asked.
 */
export function atIssuer(rt: Runtime, request: Request): Request {
  const url = new URL(request.url);
  return new Request(new URL(`${url.pathname}${url.search}`, rt.config.public_base_url), request);
}
