import { OAuthAuthorizationServer } from "@cloudflare/workers-oauth-provider";
import { SCOPES } from "../services/auth";
import type { Runtime } from "../services/runtime";

export const OAUTH_PATHS = {
  authorize: "/api/oauth/authorize",
  token: "/api/oauth/token",
  register: "/api/oauth/register",
  revoke: "/api/oauth/revoke",
} as const;

/** The one protected resource: the REST API. Tokens are issued for it and checked against it. */
export const apiResource = (rt: Runtime) => `${rt.config.public_base_url}/api/v1`;

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
    server = new OAuthAuthorizationServer<Env>({
      issuer,
      authorizeEndpoint: OAUTH_PATHS.authorize,
      tokenEndpoint: OAUTH_PATHS.token,
      clientRegistrationEndpoint: OAUTH_PATHS.register,
      resources: [`${issuer}/api/v1`],
      scopesSupported: [...SCOPES],
      accessTokenTTL: 3600,
    });
    servers.set(issuer, server);
  }
  return server;
}
